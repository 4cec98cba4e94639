import { resolve } from 'node:path';
import { arrows, EXCEPTIONS, LAYERS, upward } from '../../scripts/layers';

const all = arrows(resolve(__dirname, '../../src'));

describe('the layers of src/', () => {
  it('should have every import run down the layer map (or be a named exception)', () => {
    const up = upward(all).map((a) => `${a.from} -> ${a.to}: ${a.imports.join(', ')}`);
    expect(up).toEqual([]);
  });

  it('should place every top-level folder of src/ in the map', () => {
    const known = new Set(LAYERS.flatMap((l) => l.folders));
    const units = new Set(all.flatMap((a) => [a.from, a.to]).filter((u) => u !== '.'));
    expect([...units].filter((u) => !known.has(u))).toEqual([]);
  });

  it('should name only exceptions that still exist', () => {
    const present = new Set(all.map((a) => `${a.from} -> ${a.to}`));
    expect(Object.keys(EXCEPTIONS).filter((e) => !present.has(e))).toEqual([]);
  });
});
