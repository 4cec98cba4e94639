/** What S.EE counts per account, per UTC day and per month. */
export const USAGE_METRICS = ['api', 'link', 'text', 'upload', 'qrcode'] as const;
export type UsageMetric = (typeof USAGE_METRICS)[number];
export const USAGE_PERIODS = ['day', 'month'] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];

/** `link_day` → 100; an absent key is unlimited. */
export type UsageLimits = Partial<Record<`${UsageMetric}_${UsagePeriod}`, number>>;

const KEYS = USAGE_METRICS.flatMap((m) => USAGE_PERIODS.map((p) => `${m}_${p}`));
const ITEM = new RegExp(`^(${KEYS.join('|')})=(\\d{1,9})$`);

/** A plan's limits as configured: `link_day=100,api_month=100000` (empty: none). */
export const USAGE_LIMITS_PATTERN = new RegExp(
  `^$|^${ITEM.source.slice(1, -1)}(,${ITEM.source.slice(1, -1)})*$`,
);

export function parseUsageLimits(text: string | null | undefined): UsageLimits {
  const limits: Record<string, number> = {};
  for (const item of (text ?? '').split(',')) {
    const m = ITEM.exec(item.trim());
    if (m) limits[m[1]] = Number(m[2]);
  }
  return limits;
}

/** S.EE's convention: -1 is unlimited. */
export const limitOf = (limits: UsageLimits, m: UsageMetric, p: UsagePeriod): number =>
  limits[`${m}_${p}`] ?? -1;

/** The counter rows' period keys for a moment: `2026-11-22` and `2026-11` (UTC). */
export function periodKeys(at: Date): Record<UsagePeriod, string> {
  const day = at.toISOString().slice(0, 10);
  return { day, month: day.slice(0, 7) };
}
