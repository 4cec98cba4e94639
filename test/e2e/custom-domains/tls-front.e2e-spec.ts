import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, TLSSocket } from 'node:tls';
import { createAccount } from '../../factories/account.factory';
import { createTestApp, TestApp } from '../../utils/create-test-app';
import { TestDnsServer } from '../../utils/dns-server';
import { dbKind } from '../../utils/test-database';

// Debian's caddy in front of the app, with its internal CA on loopback: on-demand certificates
// for verified custom domains only. Once per run (SQLite); skipped where caddy is not installed.
const hasCaddy = spawnSync('caddy', ['version']).status === 0;
if (!hasCaddy) console.warn('tls-front: caddy is not installed (apt-get install caddy); skipped');
const run = hasCaddy && dbKind() === 'sqlite';

/** The TLS handshake for `servername`: the certificate's names, or the error. */
function handshake(port: number, servername: string): Promise<string> {
  return new Promise((resolve) => {
    const socket: TLSSocket = connect({
      port,
      host: '127.0.0.1',
      servername,
      rejectUnauthorized: false,
    });
    socket.once('secureConnect', () => {
      resolve(socket.getPeerCertificate().subjectaltname ?? '');
      socket.end();
    });
    socket.once('error', (e) => resolve(`error: ${e.message}`));
  });
}

(run ? describe : describe.skip)('Caddy on-demand TLS in front of the app', () => {
  let dns: TestDnsServer;
  let t: TestApp;
  let caddy: ChildProcess;
  let dir: string;
  const httpsPort = 20000 + Math.floor(Math.random() * 20000);

  beforeAll(async () => {
    dns = await TestDnsServer.start();
    t = await createTestApp({ DNS_SERVERS: dns.address });
    await new Promise<void>((r) => t.http.listen(0, '127.0.0.1', r));
    const appPort = (t.http.address() as AddressInfo).port;
    dir = mkdtempSync(join(tmpdir(), 'linkdrop-caddy-'));
    writeFileSync(
      join(dir, 'Caddyfile'),
      `{
  admin off
  http_port ${httpsPort + 1}
  https_port ${httpsPort}
  local_certs
  skip_install_trust
  storage file_system ${join(dir, 'data')}
  on_demand_tls {
    ask http://127.0.0.1:${appPort}/internal/tls-allowed
  }
}
https:// {
  tls {
    on_demand
  }
  reverse_proxy 127.0.0.1:${appPort}
}
`,
    );
    caddy = spawn('caddy', ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], {
      env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
      stdio: 'ignore',
    });
    for (let i = 0; i < 50; i++) {
      if (!(await handshake(httpsPort, 'probe.invalid')).includes('ECONNREFUSED')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 30_000);
  afterAll(async () => {
    caddy?.kill();
    await t?.close();
    await dns?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('should get a certificate for a verified custom domain and none for an unknown host', async () => {
    const a = await createAccount(t);
    const add = await t
      .api()
      .post('/api/v1/custom-domains')
      .set(a.auth)
      .send({ host: 'tls.example.net' });
    const token = (add.body.data.records[0].value as string).split('=')[1];
    dns.set('_linkdrop.tls.example.net', 'TXT', `linkdrop-verify=${token}`);
    // Pending: no certificate yet.
    expect(await handshake(httpsPort, 'tls.example.net')).toMatch(/^error/);
    await t.api().post(`/api/v1/custom-domains/${add.body.data.id}/verify`).set(a.auth).expect(200);
    expect(await handshake(httpsPort, 'tls.example.net')).toBe('DNS:tls.example.net');
    expect(await handshake(httpsPort, 'unknown.example.net')).toMatch(/^error/);
  }, 30_000);
});
