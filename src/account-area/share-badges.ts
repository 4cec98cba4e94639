/** A share's state as a small label in a list. */
export interface Badge {
  label: string;
  /** `warn`: it does not answer visitors as it should; `ok`: plain good news. */
  tone: 'warn' | 'ok' | '';
}

/** What a list knows of a share's state (the API's field names). */
export interface ShareState {
  has_password?: boolean;
  expire_at?: number | null;
  is_expired?: boolean;
  burn_after_read?: boolean;
  is_private?: boolean;
  taken_down_reason?: string | null;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "in 3 days", "in 5 hours", "in 20 minutes": the larger unit, rounded down. */
export function inWords(seconds: number): string {
  const [n, unit] =
    seconds >= DAY
      ? [Math.floor(seconds / DAY), 'day']
      : seconds >= HOUR
        ? [Math.floor(seconds / HOUR), 'hour']
        : [Math.max(1, Math.floor(seconds / MINUTE)), 'minute'];
  return `in ${n} ${unit}${n === 1 ? '' : 's'}`;
}

/**
 * The badges of a share, the one that stops it first: taken down (with the reason), expired,
 * then what shapes a visit (expires in…, password, one-time, private). A live share with none of
 * these has none: "Active" would be noise on every row.
 */
export function badgesOf(s: ShareState, nowSeconds: number): Badge[] {
  const out: Badge[] = [];
  if (s.taken_down_reason) out.push({ label: `Taken down: ${s.taken_down_reason}`, tone: 'warn' });
  if (s.is_expired) out.push({ label: 'Expired', tone: 'warn' });
  else if (s.expire_at) {
    out.push({ label: `Expires ${inWords(s.expire_at - nowSeconds)}`, tone: '' });
  }
  if (s.has_password) out.push({ label: 'Password', tone: '' });
  if (s.burn_after_read) out.push({ label: 'One-time', tone: '' });
  if (s.is_private) out.push({ label: 'Private', tone: '' });
  return out;
}

/** The rows of a list, each with its badges (now: the clock's milliseconds). */
export const withBadges = <T extends ShareState>(rows: T[], now: number) =>
  rows.map((r) => ({ ...r, badges: badgesOf(r, Math.floor(now / 1000)) }));
