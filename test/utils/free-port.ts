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

/**
 * A loopback port held until `release`: free ports handed out meanwhile (another server started
 * first, as an OpenID provider the app's address must be known to) cannot be this one.
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
