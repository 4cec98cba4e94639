/** The client's file name without path parts or control characters; `file` when nothing is left. */
export function cleanFilename(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  const safe = clean === '.' || clean === '..' ? '' : clean;
  return [...safe].slice(0, 200).join('') || 'file';
}
