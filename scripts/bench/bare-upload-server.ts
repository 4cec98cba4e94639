// The resumable upload's floor: node:http taking a PATCH's bytes, hashing them (SHA-256) and
// writing them at their offset, nothing else (no auth, tus, database or records).
import { createHash } from 'node:crypto';
import { createWriteStream, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const file = process.env.BENCH_FILE!;
let hash = createHash('sha256');

createServer((req, res) => {
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const start = Number(req.headers['upload-offset'] ?? 0);
  if (start === 0) {
    // A new file, as each upload of the service is.
    writeFileSync(file, '');
    hash = createHash('sha256');
  }
  // The same room for bytes in flight as the service's local tus store.
  const out = createWriteStream(file, { flags: 'r+', start, highWaterMark: 4 * 1024 * 1024 });
  pipeline(req, hashing, out).then(
    () => res.writeHead(204).end(),
    () => res.writeHead(500).end(),
  );
}).listen(Number(process.env.PORT), '127.0.0.1');
