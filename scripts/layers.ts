// The layer map of src/: which top-level folder imports which, checked against the order of
// docs/architecture.md. `npm run layers` prints it (and any arrow that runs up); the unit spec
// test/unit/layers.spec.ts fails on an arrow that runs up and is not one of the named exceptions.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import * as ts from 'typescript';

/** Bottom first: a folder may import the ones before it, never the ones after. */
export const LAYERS: { name: string; folders: string[] }[] = [
  {
    name: 'infrastructure',
    folders: [
      'common',
      'types',
      'config',
      'logging',
      'database',
      'redis',
      'rate-limit',
      'i18n',
      'mail',
      'outbox',
    ],
  },
  { name: 'identity', folders: ['auth'] },
  { name: 'namespace', folders: ['domains', 'tags', 'analytics', 'links'] },
  { name: 'content kinds', folders: ['texts', 'files', 'bio', 'bundles', 'qr'] },
  {
    name: 'surfaces',
    folders: [
      'analytics/stats',
      'account',
      'usage',
      'custom-domains',
      'admin',
      'events',
      'imports',
      'compat',
      'account-area',
      'web',
      'health',
      'metrics',
      'cli',
    ],
  },
];

/** Arrows that run up on purpose, each with its reason (docs/architecture.md says more). */
export const EXCEPTIONS: Record<string, string> = {};

const ORDER = LAYERS.flatMap((l) => l.folders);

/** The unit a file belongs to: its top-level folder, or a sub-folder named in LAYERS. */
export function unitOf(srcRelative: string): string {
  const parts = srcRelative.split(sep);
  if (parts.length === 1) return '.';
  const two = parts.slice(0, 2).join('/');
  return ORDER.includes(two) ? two : parts[0];
}

const rank = (unit: string) => (unit === '.' ? ORDER.length : ORDER.indexOf(unit));

export interface Arrow {
  from: string;
  to: string;
  imports: string[];
}

/** Every arrow between units of `srcDir` (spec files left out: they may reach anywhere). */
export function arrows(srcDir: string): Arrow[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d)) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.ts') && !p.endsWith('.spec.ts')) files.push(p);
    }
  };
  walk(srcDir);
  const found = new Map<string, Arrow>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const base = resolve(dirname(file), fileName);
      const target = [`${base}.ts`, join(base, 'index.ts')].find((p) => existsSync(p));
      if (!target) continue;
      const from = unitOf(relative(srcDir, file));
      const to = unitOf(relative(srcDir, target));
      if (from === to) continue;
      const key = `${from} -> ${to}`;
      const arrow = found.get(key) ?? { from, to, imports: [] };
      arrow.imports.push(`${relative(srcDir, file)} -> ${relative(srcDir, target)}`);
      found.set(key, arrow);
    }
  }
  return [...found.values()].sort((a, b) => rank(a.from) - rank(b.from) || rank(a.to) - rank(b.to));
}

/** Arrows from a unit to one above it, or to a folder the map does not know. */
export function upward(all: Arrow[]): Arrow[] {
  return all.filter(
    (a) =>
      rank(a.to) < 0 ||
      rank(a.from) < 0 ||
      (rank(a.to) > rank(a.from) && !EXCEPTIONS[`${a.from} -> ${a.to}`]),
  );
}

if (require.main === module) {
  const all = arrows(resolve(__dirname, '..', 'src'));
  for (const layer of LAYERS) {
    console.log(`-- ${layer.name}`);
    for (const unit of layer.folders) {
      const to = all.filter((a) => a.from === unit).map((a) => `${a.to} (${a.imports.length})`);
      console.log(`  ${unit.padEnd(16)} -> ${to.join(', ') || '(nothing)'}`);
    }
  }
  const bad = upward(all);
  for (const a of bad) console.log(`UP: ${a.from} -> ${a.to}\n    ${a.imports.join('\n    ')}`);
  process.exitCode = bad.length ? 1 : 0;
}
