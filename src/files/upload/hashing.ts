import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';

/** `body` passed on as it is, hashed on its way. */
export function hashing(body: Readable): { body: Transform; digest: () => string } {
  const hash = createHash('sha256');
  const out = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  body.on('error', (e) => out.destroy(e));
  return { body: body.pipe(out), digest: () => hash.digest('hex') };
}
