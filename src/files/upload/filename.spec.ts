import { cleanFilename } from './filename';

describe('cleanFilename', () => {
  it('should drop path parts, control and bidi characters', () => {
    expect(cleanFilename('../../etc/passwd')).toBe('passwd');
    expect(cleanFilename('C:\\Users\\me\\a.png')).toBe('a.png');
    expect(cleanFilename('a\u0000b\u0007.txt')).toBe('ab.txt');
    expect(cleanFilename('invoice\u202Egpj.exe')).toBe('invoicegpj.exe');
    expect(cleanFilename('x\u2066y\u2069\u200F.txt')).toBe('xy.txt');
  });

  it('should fall back to "file" when nothing is left', () => {
    for (const name of [undefined, '', '..', '\u202E', '/'])
      expect(cleanFilename(name)).toBe('file');
  });
});
