import { Transform } from 'class-transformer';

/** A form field as a browser sends it: trimmed, and an empty one is not given. */
export const Filled = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.trim() || undefined : value,
  );
