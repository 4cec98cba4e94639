/** The client's file name without path parts or control characters; `file` when nothing is left. */
export function cleanFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  // Bidi controls too: `gpj.exe` shown as `exe.jpg` is how a file name lies about its type.
  const clean = base
    // eslint-disable-next-line no-control-regex -- control characters are what this removes
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim();
  const safe = clean === '.' || clean === '..' ? '' : clean;
  return [...safe].slice(0, 200).join('') || 'file';
}
