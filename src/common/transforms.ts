import { Transform } from 'class-transformer';

/** `"5"` → 5; anything else is left for the validator to refuse. Settings and queries alike. */
export const toInt = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;

/** `true/1/yes/on` and `false/0/no/off` (any case) → a boolean; anything else is left as it is. */
export const toBool = ({ value }: { value: unknown }) => {
  if (typeof value !== 'string') return value;
  const v = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  return value;
};

export const ToInt = () => Transform(toInt);
export const ToBool = () => Transform(toBool);
