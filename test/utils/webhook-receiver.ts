import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP server on loopback that records what webhooks send it. `answer` decides each
 * reply (a status, or `hang` to never answer, or `redirect` to a location); 204 by default.
 */
export interface WebhookReceiver {
  url: string;
  received: Received[];
  answer: (r: Received) => number | 'hang' | { redirect: string };
  close: () => Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const hanging = new Set<() => void>();
  const receiver: Partial<WebhookReceiver> & { received: Received[] } = {
    received: [],
    answer: () => 204,
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r = {
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      receiver.received.push(r);
      const what = receiver.answer!(r);
      if (what === 'hang') {
        hanging.add(() => res.destroy());
        return;
      }
      if (typeof what === 'object') {
        res.writeHead(302, { location: what.redirect }).end();
        return;
      }
      res.writeHead(what, { 'content-type': 'text/plain' }).end(`answer ${what} `.repeat(200));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${port}/hook`;
  receiver.close = async () => {
    for (const end of hanging) end();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  };
  return receiver as WebhookReceiver;
}
