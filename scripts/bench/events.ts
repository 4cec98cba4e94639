import { createServer } from 'node:http';
import type { ChildProcess } from 'node:child_process';
import { createShortLinks } from './creation';
import { cpuMicros, fmt, median, signup, stop, waitFor } from './harness';

const ROUNDS = 3;
const LINKS = 10_000;
const PORT = 3905;
const HOOKS = 3906;

/**
 * Event throughput: 10,000 link creations by an account with no webhook endpoint, then by one
 * with two endpoints subscribed to `link.created` (a receiver in this process, on the load
 * generator's core), in alternating rounds. Reports creations per second and CPU µs per creation
 * of the service (all threads), the ratio of the two, and the time until every delivery (20,000
 * a round) has arrived, each signed once per endpoint.
 */
export async function benchEvents(
  start: (name: string, extra: Record<string, string | number>) => ChildProcess,
) {
  const seen = new Map<string, number>();
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const key = `${req.url}:${String(req.headers['webhook-id'])}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(HOOKS, '127.0.0.1', r));
  const base = `http://127.0.0.1:${PORT}`;
  const service = start('events', { PORT, WEBHOOK_ALLOW_PRIVATE: 'true' });
  try {
    await waitFor(`${base}/health/ready`);
    const quiet = await signup(base, 'quiet@example.com');
    const heard = await signup(base, 'heard@example.com');
    for (const path of ['/one', '/two']) {
      const res = await fetch(`${base}/api/v1/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${heard}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: `http://127.0.0.1:${HOOKS}${path}`, events: ['link.created'] }),
      });
      if (res.status !== 201) throw new Error(`webhook: ${res.status} ${await res.text()}`);
    }
    await createShortLinks(base, quiet, 'warm', { amount: 2000 });
    console.log(`# events: ${LINKS} link creations a round, 50 in flight, ${ROUNDS} rounds each`);
    const rates = { none: [] as number[], two: [] as number[] };
    const cpu = { none: [] as number[], two: [] as number[] };
    const drains: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      for (const [name, token] of [
        ['none', quiet],
        ['two', heard],
      ] as const) {
        const before = cpuMicros(service.pid!);
        const started = performance.now();
        const last = { at: started };
        await createShortLinks(base, token, `${name}${r}`, { amount: LINKS }, last);
        const seconds = (last.at - started) / 1000;
        if (name === 'two') {
          const target = (r + 1) * LINKS * 2;
          while (seen.size < target) await new Promise((w) => setTimeout(w, 50));
          drains.push((performance.now() - started) / 1000);
        }
        rates[name].push(LINKS / seconds);
        cpu[name].push((cpuMicros(service.pid!) - before) / LINKS);
        console.log(
          `  round ${r + 1} ${name === 'none' ? 'no endpoint  ' : 'two endpoints'}: ` +
            `${fmt(LINKS / seconds)} links/s, ${fmt(cpu[name].at(-1)!)} µs CPU a link` +
            (name === 'two'
              ? ` (deliveries included), all delivered ${fmt(drains.at(-1)!, 1)} s after the start`
              : ''),
        );
      }
    }
    const twice = [...seen.values()].filter((n) => n > 1).length;
    const none = median(rates.none);
    const two = median(rates.two);
    console.log(
      `link creations/s with two endpoints: ${fmt(two)}, none: ${fmt(none)}, ratio ${fmt(two / none, 2)} ` +
        `(target >= 0.9); CPU a link ${fmt(median(cpu.two))} µs vs ${fmt(median(cpu.none))} µs ` +
        `(${fmt(median(cpu.two) / median(cpu.none), 2)}x, with the deliveries); ` +
        `${seen.size} deliveries, ${twice} received twice`,
    );
  } finally {
    await stop(service);
    await new Promise((r) => receiver.close(r));
  }
}
