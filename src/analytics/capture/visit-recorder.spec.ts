import type { VisitEvents } from './visit-events';
import { VisitorSignals } from './visitor-signals';
import { Scheduler } from '../../common/scheduler';
import { Env } from '../../config/env';
import type { RawVisit } from './raw-visit';
import { VisitRecorder } from './visit-recorder';
import { VisitStream } from './visit-stream';
import { VisitsRepository } from '../store/visits.repository';

const raw = (linkId: number): RawVisit => ({
  linkId,
  accountId: 1,
  domainId: 1,
  kind: 'redirect',
  at: Date.UTC(2026, 0, 1),
  remoteAddress: '127.0.0.1',
  forwardedFor: undefined,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  referer: undefined,
  acceptLanguage: undefined,
  countryHeader: 'DE',
  qr: false,
  variant: null,
  utm: null,
  utmQuery: null,
});

const noStream = { enabled: false } as VisitStream;

const noVisitEvents = { count: () => undefined } as unknown as VisitEvents;

/** The repository as the recorder uses it: `store` as given, nothing left to roll up. */
const visitsStoring = (store: jest.Mock) =>
  ({ store, rollUpStored: async () => {} }) as unknown as VisitsRepository;

describe('VisitRecorder', () => {
  const env = { TRUST_PROXY: false, ANALYTICS_RECORD: true } as Env;
  /** A recorder without a stream, its batches handed to `store`. */
  const recorderStoring = (store: jest.Mock, settings = env) =>
    new VisitRecorder(
      visitsStoring(store),
      noStream,
      settings,
      new Scheduler(),
      noVisitEvents,
      new VisitorSignals(env),
    );

  /** A recorder whose every write fails, as while the database is away (its warnings muted). */
  const databaseAway = () => {
    const store = jest.fn().mockRejectedValue(new Error('connect ECONNREFUSED'));
    const recorder = recorderStoring(store);
    jest.spyOn(recorder['logger'], 'warn').mockImplementation(() => undefined);
    return { store, recorder };
  };
  /**
   * Time stands still from here: a failed write's retry waits a second, and on a busy machine
   * the loops below take longer than that (a drain would then start in the middle of them).
   */
  const stopTheClock = () => jest.spyOn(Date, 'now').mockReturnValue(Date.now());
  afterEach(() => jest.restoreAllMocks());

  it('should write waiting visits in one batch, parsed', async () => {
    const store = jest.fn().mockResolvedValue(undefined);
    const recorder = recorderStoring(store);
    recorder.record(raw(1));
    recorder.record(raw(2));
    await recorder.flush();
    expect(store).toHaveBeenCalledTimes(1);
    expect(store.mock.calls[0][0]).toEqual([
      expect.objectContaining({ linkId: 1, browser: 'Firefox', os: 'Linux', country: null }),
      expect.objectContaining({ linkId: 2, device: 'desktop', isBot: false }),
    ]);
  });

  it('should keep visits while the database is away and write them once it is back', async () => {
    const { store, recorder } = databaseAway();
    recorder.record(raw(1));
    await recorder.flush();
    recorder.record(raw(2));
    expect(recorder.waiting).toBe(2);
    store.mockReset().mockResolvedValue(undefined);
    await recorder.flush();
    expect(recorder.waiting).toBe(0);
    expect(store.mock.calls[0][0].map((v: { linkId: number }) => v.linkId)).toEqual([1, 2]);
  });

  it('should hand waiting batches over together, and keep only a failed one, in order', async () => {
    const stored: number[][] = [];
    let calls = 0;
    let inFlight = 0;
    let most = 0;
    // The first batch is answered only once the third has been handed over (handed over one
    // by one, the first would never be answered, and the test would time out).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const store = jest.fn((rows: { linkId: number }[]) => {
      // The second batch of the first flush fails; the others are stored.
      if (++calls === 2) return Promise.reject(new Error('disk I/O error'));
      if (calls === 3) release();
      most = Math.max(most, ++inFlight);
      return (calls === 1 ? held : Promise.resolve()).then(() => {
        inFlight--;
        stored.push(rows.map((r) => r.linkId));
        return rows.length;
      });
    });
    const recorder = recorderStoring(store);
    jest.spyOn(recorder['logger'], 'warn').mockImplementation(() => undefined);
    // Queued without the flush each full batch starts, as while an earlier flush ran.
    recorder['queue'] = Array.from({ length: 2500 }, (_, i) => raw(i));
    await recorder.flush();
    expect(store).toHaveBeenCalledTimes(3);
    expect(most).toBe(2); // the third went out before the first was answered
    expect(recorder.waiting).toBe(1000);
    expect(recorder['queue'][0].linkId).toBe(1000);
    expect(recorder['queue'][999].linkId).toBe(1999);
    await recorder.flush();
    expect(recorder.waiting).toBe(0);
    expect(stored.map((b) => [b[0], b.length]).sort((x, y) => x[0] - y[0])).toEqual([
      [0, 1000],
      [1000, 1000],
      [2000, 500],
    ]);
  });

  it('should tell the writer when a window of batches leaves more behind it', async () => {
    const store = jest.fn<Promise<number>, [unknown[], string]>((rows) =>
      Promise.resolve(rows.length),
    );
    const recorder = recorderStoring(store);
    // Two windows' worth and a half: the writer must not wait for batches that cannot come.
    recorder['queue'] = Array.from({ length: 20 * 1000 + 500 }, (_, i) => raw(i));
    await recorder['drainOnce']();
    const paces = store.mock.calls.map((c) => c[1]);
    expect(paces).toEqual([...Array(19).fill('gather'), 'backlog', 'gather']);
    // Someone waiting: every batch is written and rolled up at once.
    recorder['queue'] = [raw(1)];
    await recorder.flush();
    expect(store.mock.calls.at(-1)![1]).toBe('flush');
  });

  it('should drop the oldest visits past the bound, count them, and keep the rest in order', async () => {
    const { store, recorder } = databaseAway();
    recorder.record(raw(0));
    await recorder.flush();
    stopTheClock();
    for (let i = 1; i <= 100_000; i++) recorder.record(raw(i));
    // A hundredth of the bound goes at once (one at a time moved the whole queue each visit).
    expect(recorder.dropped).toBe(1000);
    expect(recorder.waiting).toBe(99_001);
    const stored: number[] = [];
    store.mockReset().mockImplementation((rows: { linkId: number }[]) => {
      for (const r of rows) stored.push(r.linkId);
      return Promise.resolve(rows.length);
    });
    await recorder.flush();
    expect(stored).toHaveLength(99_001);
    expect(stored.every((id, i) => id === 1000 + i)).toBe(true);
  });

  it('should leave retries to the timer after a failed write, not start one per full batch', async () => {
    const { store, recorder } = databaseAway();
    recorder.record(raw(0));
    await recorder.flush();
    expect(store).toHaveBeenCalledTimes(1);
    stopTheClock();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 1000; i++) recorder.record(raw(i));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(store).toHaveBeenCalledTimes(1);
    expect(recorder.waiting).toBe(3001);
    // A flush someone asks for still tries at once.
    await recorder.flush();
    expect(store.mock.calls.length).toBeGreaterThan(1);
  });

  it('should keep nothing when recording is off', async () => {
    const store = jest.fn().mockResolvedValue(undefined);
    const off = { ...env, ANALYTICS_RECORD: false } as Env;
    const recorder = recorderStoring(store, off);
    recorder.record(raw(1));
    await recorder.flush();
    expect(recorder.enabled).toBe(false);
    expect(store).not.toHaveBeenCalled();
  });
});
