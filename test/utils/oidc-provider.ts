import { spawn } from 'node:child_process';
import { join } from 'node:path';

export interface TestOidcProvider {
  issuer: string;
  close(): Promise<void>;
}

/** panva/oidc-provider on loopback, in a child process this test started (and stops). */
export async function startOidcProvider(redirectUri: string): Promise<TestOidcProvider> {
  const child = spawn(
    process.execPath,
    [join(__dirname, 'oidc-provider-process.mjs'), redirectUri],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the OpenID provider did not start: ${out}`)),
      20_000,
    );
    const read = (b: Buffer) => {
      out += b.toString();
      const ready = /ready (\d+)/.exec(out);
      if (ready) {
        clearTimeout(timer);
        resolve(Number(ready[1]));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', (b: Buffer) => (out += b.toString()));
    child.on('exit', (code) => reject(new Error(`the OpenID provider exited (${code}): ${out}`)));
  });
  return {
    issuer: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
