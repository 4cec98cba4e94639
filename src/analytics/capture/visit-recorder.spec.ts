import type { VisitEvents } from './visit-events';
import { VisitorSignals } from './visitor-signals';
import { Scheduler } from '../../common/scheduler';
import { Env } from '../../config/env';
import type { RawVisit } from './raw-visit';
import { VisitRecorder } from './visit-recorder';
import { VisitStream } from './visit-stream';
import { VisitsRepository } from '../store/visits.repository';
import { fromColumns, VisitColumns, visitsIn } from '../store/visit-columns';
import type { WritePace } from '../store/sqlite-visit-writer';

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

/** The repository as the recorder uses it: `store` given the rows, nothing left to roll up. */
const visitsStoring = (store: jest.Mock) =>
  ({
    store: (visits: VisitColumns, pace: WritePace): unknown => store(fromColumns(visits), pace),
    rollUpStored: async () => {},
  }) as unknown as VisitsRepository;

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
    // The batch that failed first, as it was, then the visit that came meanwhile.
    const written = store.mock.calls.map((c: [{ linkId: number }[]]) => c[0].map((v) => v.linkId));
    expect(written).toEqual([[1], [2]]);
  });

  it('should hand batches over without waiting for answers, and keep the failed ones in order', async () => {
    const stored: number[][] = [];
    let inFlight = 0;
    let most = 0;
    // The first two are answered only once the third has been handed over (each waiting for
    // its answer, the third would never go and the test would time out): the second fails
    // first, then the first.
    let release!: () => void;
    const third = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    const store = jest.fn((rows: { linkId: number }[]): Promise<number> => {
      most = Math.max(most, ++inFlight);
      const call = ++calls;
      if (call === 3) release();
      const answered: Promise<unknown> =
        call === 1
          ? third.then(() => new Promise((r) => setTimeout(r, 20)))
          : call === 2
            ? third
            : Promise.resolve();
      return answered.then(() => {
        inFlight--;
        if (call < 3) throw new Error('disk I/O error');
        stored.push(rows.map((r) => r.linkId));
        return rows.length;
      });
    });
    const recorder = recorderStoring(store);
    jest.spyOn(recorder['logger'], 'warn').mockImplementation(() => undefined);
    // Queued without the drain each full batch starts, as while an earlier one ran.
    recorder['queue'] = Array.from({ length: 2500 }, (_, i) => raw(i));
    await recorder.flush();
    expect(store).toHaveBeenCalledTimes(3);
    expect(most).toBe(3);
    // Kept once every batch was answered, in the order they were taken, not of their failures.
    expect(recorder.waiting).toBe(2000);
    const kept = recorder['retry']['waiting'].flatMap((b) => fromColumns(b).map((v) => v.linkId));
    expect(kept).toEqual(Array.from({ length: 2000 }, (_, i) => i));
    store.mockImplementation((rows: { linkId: number }[]) => {
      stored.push(rows.map((r) => r.linkId));
      return Promise.resolve(rows.length);
    });
    await recorder.flush();
    expect(recorder.waiting).toBe(0);
    expect(stored.map((b) => [b[0], b.length]).sort((x, y) => x[0] - y[0])).toEqual([
      [0, 1000],
      [1000, 1000],
      [2000, 500],
    ]);
  });

  it('should hand over full batches as they fill, and the rest when the timer drains', async () => {
    const store = jest.fn((rows: unknown[], _pace?: WritePace) => Promise.resolve(rows.length));
    const recorder = recorderStoring(store);
    for (let i = 0; i < 2500; i++) {
      recorder.record(raw(i));
      // Requests come in turns of the event loop, the drains they start between them.
      if (i % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
    }
    await recorder['flushing'];
    expect(store.mock.calls.map((c) => c[0].length)).toEqual([1000, 1000]);
    expect(recorder.waiting).toBe(500);
    recorder['whole'] = true;
    await recorder['drainOnce']();
    expect(store.mock.calls.map((c) => [c[0].length, c[1]])).toEqual([
      [1000, 'gather'],
      [1000, 'gather'],
      [500, 'gather'],
    ]);
  });

  it('should cut failed batches again into full ones when more than one of them was not', async () => {
    // Every write fails, answered only once the drain has handed over all it had (`expected`).
    let expected = 3;
    let open!: () => void;
    let gate = new Promise<void>((resolve) => (open = resolve));
    const store = jest.fn(() => {
      if (store.mock.calls.length === expected) open();
      return gate.then(() => Promise.reject(new Error('timeout')));
    });
    const recorder = recorderStoring(store);
    jest.spyOn(recorder['logger'], 'warn').mockImplementation(() => undefined);
    recorder['queue'] = Array.from({ length: 2500 }, (_, i) => raw(i));
    await recorder.flush();
    const sizes = () => recorder['retry']['waiting'].map(visitsIn);
    expect(sizes()).toEqual([1000, 1000, 500]);
    // The three kept, then the 300 that came meanwhile: two batches not full.
    expected = 7;
    gate = new Promise<void>((resolve) => (open = resolve));
    for (let i = 2500; i < 2800; i++) recorder['queue'].push(raw(i));
    await recorder.flush();
    expect(store).toHaveBeenCalledTimes(7);
    expect(sizes()).toEqual([1000, 1000, 800]);
    const kept = recorder['retry']['waiting'].flatMap((b) => fromColumns(b).map((v) => v.linkId));
    expect(kept).toEqual(Array.from({ length: 2800 }, (_, i) => i));
  });

  it('should tell the writer when the batches unanswered reach the bound with more behind', async () => {
    // Answered only once the bound is reached: the writer must not wait for batches that
    // cannot come before its answer.
    let release!: () => void;
    const full = new Promise<void>((resolve) => (release = resolve));
    const store = jest.fn<Promise<number>, [unknown[], string]>((rows) => {
      if (store.mock.calls.length === 100) release();
      return full.then(() => rows.length);
    });
    const recorder = recorderStoring(store);
    recorder['queue'] = Array.from({ length: 100 * 1000 + 500 }, (_, i) => raw(i));
    recorder['whole'] = true;
    await recorder['drainOnce']();
    const paces = store.mock.calls.map((c) => c[1]);
    expect(paces).toEqual([...Array(99).fill('gather'), 'backlog', 'gather']);
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
    for (let i = 1; i <= 100_001; i++) recorder.record(raw(i));
    // The oldest first: the batch that failed (one visit), then a hundredth of the bound at
    // once (one at a time moved the whole queue each visit).
    expect(recorder.dropped).toBe(1001);
    expect(recorder.waiting).toBe(99_001);
    const stored: number[] = [];
    store.mockReset().mockImplementation((rows: { linkId: number }[]) => {
      for (const r of rows) stored.push(r.linkId);
      return Promise.resolve(rows.length);
    });
    await recorder.flush();
    expect(stored).toHaveLength(99_001);
    expect(stored.every((id, i) => id === 1001 + i)).toBe(true);
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
