export const INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type Interval = (typeof INTERVALS)[number];

interface Local {
  y: number;
  m: number; // 1-12
  d: number;
  h: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterOf = (tz: string) => {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(tz, f);
  }
  return f;
};

/** Whether `tz` is an IANA zone this runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    formatterOf(tz);
    return true;
  } catch {
    return false;
  }
}

/** Offsets already looked up, by zone and minute: every stats query meets the same bucket starts. */
const offsets = new Map<string, number>();
const OFFSETS_KEPT = 100_000;

/** The zone's offset (ms) at a whole minute; `format` and its numbers cost half formatToParts. */
function offsetAt(minute: number, tz: string): number {
  const key = `${tz} ${minute}`;
  let offset = offsets.get(key);
  if (offset === undefined) {
    // en-US with h23: month, day, year, hour, minute, in that order.
    const [mo, d, y, h, mi] = formatterOf(tz).format(minute).match(/\d+/g)!.map(Number);
    offset = Date.UTC(y, mo - 1, d, h, mi) - minute;
    if (offsets.size >= OFFSETS_KEPT) offsets.clear();
    offsets.set(key, offset);
  }
  return offset;
}

/** The wall-clock time in `tz` at instant `ms`, and the zone's offset there (ms). */
function wallClock(ms: number, tz: string): Local & { offset: number } {
  const minute = ms - (ms % 60_000);
  const offset = offsetAt(minute, tz);
  const local = new Date(minute + offset);
  return {
    y: local.getUTCFullYear(),
    m: local.getUTCMonth() + 1,
    d: local.getUTCDate(),
    h: local.getUTCHours(),
    offset,
  };
}

/** The instant at which the wall clock in `tz` shows `local` (the earlier one in a DST fold). */
function instantOf(local: Local, tz: string): number {
  const naive = Date.UTC(local.y, local.m - 1, local.d, local.h);
  let t = naive - wallClock(naive, tz).offset;
  t = naive - wallClock(t, tz).offset;
  return t;
}

/** The start of the bucket (in `tz`) that holds instant `ms`, as an instant (ms). */
export function bucketStart(ms: number, interval: Interval, tz: string): number {
  const w = wallClock(ms, tz);
  if (interval === 'hour') return instantOf(w, tz);
  if (interval === 'day') return instantOf({ ...w, h: 0 }, tz);
  if (interval === 'month') return instantOf({ ...w, d: 1, h: 0 }, tz);
  // ISO weeks start on Monday.
  const weekday = (new Date(Date.UTC(w.y, w.m - 1, w.d)).getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(w.y, w.m - 1, w.d - weekday));
  return instantOf(
    { y: monday.getUTCFullYear(), m: monday.getUTCMonth() + 1, d: monday.getUTCDate(), h: 0 },
    tz,
  );
}

/** The start of the bucket after the one starting at `start`. */
export function nextBucket(start: number, interval: Interval, tz: string): number {
  const w = wallClock(start, tz);
  const next: Local =
    interval === 'hour'
      ? { ...w, h: w.h + 1 }
      : interval === 'day'
        ? { ...w, d: w.d + 1, h: 0 }
        : interval === 'week'
          ? { ...w, d: w.d + 7, h: 0 }
          : { ...w, m: w.m + 1, d: 1, h: 0 };
  // Date.UTC carries overflowing fields (hour 24, day 32, month 13) into the next unit.
  const carried = new Date(Date.UTC(next.y, next.m - 1, next.d, next.h));
  const local = {
    y: carried.getUTCFullYear(),
    m: carried.getUTCMonth() + 1,
    d: carried.getUTCDate(),
    h: carried.getUTCHours(),
  };
  const t = instantOf(local, tz);
  // A skipped local hour (spring forward) must not repeat a bucket.
  return t > start ? t : start + 3_600_000;
}
