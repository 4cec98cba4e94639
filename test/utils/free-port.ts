import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A loopback port free now: for an app whose PUBLIC_URL must be the address it listens at. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
