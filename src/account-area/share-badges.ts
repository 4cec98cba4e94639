import type { Words } from '../i18n/i18n';

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
  target_health?: { status: string };
  visits_left?: number | null;
  rule_count?: number;
  variant_count?: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "Expires in 3 days", "… in 5 hours", "… in 20 minutes": the larger unit, rounded down. */
export function expiresInWords(seconds: number, w: Words): string {
  if (seconds >= DAY) return w.t('Expires in {{count}} days', { count: Math.floor(seconds / DAY) });
  if (seconds >= HOUR) {
    return w.t('Expires in {{count}} hours', { count: Math.floor(seconds / HOUR) });
  }
  const count = Math.max(1, Math.floor(seconds / MINUTE));
  return w.t('Expires in {{count}} minutes', { count });
}

/**
 * The badges of a share, the one that stops it first: taken down (with the reason), expired,
 * then what shapes a visit (expires in…, password, one-time, private). A live share with none of
 * these has none: "Active" would be noise on every row.
 */
export function badgesOf(s: ShareState, nowSeconds: number, w: Words): Badge[] {
  const out: Badge[] = [];
  if (s.taken_down_reason) {
    out.push({
      label: w.t('Taken down: {{reason}}', { reason: s.taken_down_reason }),
      tone: 'warn',
    });
  }
  if (s.is_expired) out.push({ label: w.t('Expired'), tone: 'warn' });
  else if (s.expire_at) out.push({ label: expiresInWords(s.expire_at - nowSeconds, w), tone: '' });
  if (s.has_password) out.push({ label: w.t('Password'), tone: '' });
  if (s.burn_after_read) out.push({ label: w.t('One-time'), tone: '' });
  if (s.is_private) out.push({ label: w.t('Private'), tone: '' });
  if (s.target_health?.status === 'broken') out.push({ label: w.t('Target broken'), tone: 'warn' });
  if (s.visits_left === 0) out.push({ label: w.t('Visit limit reached'), tone: 'warn' });
  else if (s.visits_left) {
    out.push({ label: w.t('{{count}} visits left', { count: s.visits_left }), tone: '' });
  }
  if (s.rule_count) out.push({ label: w.t('{{count}} rules', { count: s.rule_count }), tone: '' });
  if (s.variant_count) out.push({ label: w.t('A/B split'), tone: '' });
  return out;
}

/** The rows of a list, each with its badges (now: the clock's milliseconds). */
export const withBadges = <T extends ShareState>(rows: T[], now: number, w: Words) =>
  rows.map((r) => ({ ...r, badges: badgesOf(r, Math.floor(now / 1000), w) }));
