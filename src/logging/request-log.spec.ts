import express from 'express';
import pino from 'pino';
import { Writable } from 'node:stream';
import request from 'supertest';
import { requestLog } from './request-log';

/** An Express app whose request lines land in `lines`, at `level`, trusting `trust`. */
function appLogging(level: string, trust: string | false = false) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = express();
  app.set('trust proxy', trust);
  app.use(requestLog(pino({ level }, sink)));
  app.get('/ok', (_req, res) => res.json({ ok: true }));
  app.get('/boom', (_req, res) => res.status(503).json({ ok: false }));
  app.get('/id', (req, res) => res.json({ id: (req as express.Request & { id?: string }).id }));
  // Lines are written once the response has closed, a moment after supertest has it.
  const settled = () => new Promise((r) => setTimeout(r, 20));
  return { app, lines, settled };
}

describe('requestLog', () => {
  it('writes one info line per request with its id, which it returns and sets as req.id', async () => {
    const { app, lines, settled } = appLogging('info');
    const res = await request(app).get('/id?signature=ld_secret&x=1').expect(200);
    await settled();
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((res.body as { id: string }).id).toBe(id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      requestId: id,
      req: { method: 'GET', url: '/id?signature=[redacted]&x=1' },
      res: { status: 200 },
      msg: expect.stringMatching(/^GET \/id\?signature=\[redacted\]&x=1 200 \d+ms$/) as string,
    });
    expect(JSON.stringify(lines)).not.toContain('ld_secret');
  });

  it('logs a 5xx answer as a warning that says it failed', async () => {
    const { app, lines, settled } = appLogging('info');
    await request(app).get('/boom').expect(503);
    await settled();
    expect(lines).toEqual([expect.objectContaining({ level: 40, msg: 'GET /boom 503 failed' })]);
  });

  it("keeps a trusted proxy's sane request id and replaces anyone else's", async () => {
    const trusted = appLogging('info', 'loopback');
    await request(trusted.app)
      .get('/ok')
      .set('X-Request-Id', 'edge-42.a')
      .expect('X-Request-Id', 'edge-42.a');
    const bad = await request(trusted.app).get('/ok').set('X-Request-Id', 'two words');
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const untrusted = appLogging('info');
    const res = await request(untrusted.app).get('/ok').set('X-Request-Id', 'edge-42.a');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes nothing below its level, and still returns the id', async () => {
    const { app, lines, settled } = appLogging('warn');
    const res = await request(app).get('/ok').expect(200);
    await settled();
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toEqual([]);
  });
});
