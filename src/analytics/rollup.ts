import type { Visit } from './visit.entity';

export type VisitRow = Omit<Visit, 'id'>;

/** Quarter-hours: every zone's hours and days (+05:30, +05:45 too) are whole slots. */
export const SLOT_SECONDS = 900;
export const DAY_SECONDS = 86_400;
export const DIMENSIONS = ['referrer', 'country', 'browser', 'os', 'device', 'language'] as const;
export type Dimension = (typeof DIMENSIONS)[number];

const VALUE_OF: Record<Dimension, (r: VisitRow) => string | null> = {
  referrer: (r) => r.referrerHost,
  country: (r) => r.country,
  browser: (r) => r.browser,
  os: (r) => r.os,
  device: (r) => r.device,
  language: (r) => r.language,
};

export interface SlotCount {
  linkId: number;
  accountId: number;
  slot: number;
  bot: boolean;
  visits: number;
  uniques: number;
}

export interface DimCount {
  linkId: number;
  accountId: number;
  span: 'h' | 'd';
  start: number;
  bot: boolean;
  dimension: Dimension;
  value: string;
  visits: number;
}

const floorTo = (seconds: number, unit: number) => seconds - (seconds % unit);
export const dayOf = (at: Date) => Math.floor(at.getTime() / (DAY_SECONDS * 1000));

/**
 * What a batch of visits adds to the rollups. `firstOfDay[i]` says whether row i is its visitor's
 * first visit of the UTC day to that share: uniques are counted there, so they add up over slots.
 */
export function rollUp(rows: VisitRow[], firstOfDay: boolean[]) {
  const slots = new Map<string, SlotCount>();
  const dims = new Map<string, DimCount>();
  rows.forEach((r, i) => {
    const at = Math.floor(r.at.getTime() / 1000);
    const slot = floorTo(at, SLOT_SECONDS);
    const slotKey = `${r.linkId}|${slot}|${r.isBot}`;
    const s = slots.get(slotKey);
    const unique = firstOfDay[i] ? 1 : 0;
    if (s) {
      s.visits++;
      s.uniques += unique;
    } else {
      const base = { linkId: r.linkId, accountId: r.accountId, bot: r.isBot };
      slots.set(slotKey, { ...base, slot, visits: 1, uniques: unique });
    }
    for (const [span, start] of [
      ['h', floorTo(at, 3600)],
      ['d', floorTo(at, DAY_SECONDS)],
    ] as const) {
      for (const dimension of DIMENSIONS) {
        const value = VALUE_OF[dimension](r) ?? '';
        const key = `${r.linkId}|${span}|${start}|${r.isBot}|${dimension}|${value}`;
        const d = dims.get(key);
        if (d) d.visits++;
        else {
          const base = { linkId: r.linkId, accountId: r.accountId, bot: r.isBot };
          dims.set(key, { ...base, span, start, dimension, value, visits: 1 });
        }
      }
    }
  });
  return { slots: [...slots.values()], dims: [...dims.values()] };
}
