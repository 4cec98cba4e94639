import { Transform } from 'class-transformer';

/** A form field as a browser sends it: trimmed, and an empty one is not given. */
export const Filled = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim() || undefined : value,
  );

/**
 * An address as people type it: `example.com/page` means `https://example.com/page`. Only a
 * value with no scheme and a dot in its host is completed; anything else goes on as typed, for
 * the API's own check to answer.
 */
export const WebAddress = () =>
  Transform(({ value }: { value: unknown }) => {
    if (typeof value !== 'string') return value;
    const v = value.trim();
    if (!v) return undefined;
    if (/^[a-z][a-z0-9+.-]*:/i.test(v) && !/^[^/:]+\.[^/:]+:\d/.test(v)) return v;
    const bare = v.replace(/^\/\//, '');
    return /^[^\s/?#]+\.[^\s/?#]+/.test(bare) ? `https://${bare}` : v;
  });
