const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** 1536 → "1.5 KiB". */
export function formatBytes(n: number): string {
  let i = 0;
  let v = n;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(v < 10 ? 1 : 0)} ${UNITS[i]}`;
}

/** A date as `2026-11-22 18:04 UTC`, or a dash. */
export const formatTime = (d: Date | number | null | undefined): string => {
  if (d === null || d === undefined) return '—';
  const date = typeof d === 'number' ? new Date(d * 1000) : d;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
};

/** A share's kind as people call it. */
export const KIND_LABELS: Record<string, string> = {
  redirect: 'Link',
  text: 'Text',
  file: 'File',
  bio: 'Bio page',
};
