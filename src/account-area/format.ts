import { tk } from '../i18n/i18n';

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

/** JSON to put in a `<script type="application/json">`: no `</script>` can close it early. */
export const jsonIsland = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** A share's kind as people call it (keys of `t()`). */
export const KIND_LABELS: Record<string, string> = {
  redirect: tk('Link'),
  text: tk('Text'),
  file: tk('File'),
  bio: tk('Bio page'),
  bundle: tk('Bundle of files'),
};

/** A custom domain's state, as `t()` keys (templates print `it.t(status)`). */
export const DOMAIN_STATUS_KEYS = [tk('pending'), tk('verified'), tk('failed'), tk('lost')];

/** Unix seconds as a `datetime-local` field's value (UTC), or empty for none. */
export const formTime = (unix: number | null | undefined): string =>
  unix ? new Date(unix * 1000).toISOString().slice(0, 16) : '';
