import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A loopback port held until `release`, for an app whose PUBLIC_URL must be the address it
 * listens at: release it just before the app listens. A port picked free and let go at once
 * could be taken while the app starts (every supertest request listens on a port of the same
 * range, in every worker).
 */
export const reservePort = () =>
  new Promise<{ port: number; release: () => Promise<void> }>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      resolve({ port, release: () => new Promise<void>((done) => probe.close(() => done())) });
    });
  });
