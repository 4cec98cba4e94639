// The baseline: node:http answering the same redirects from a Map, nothing else.
import { createServer } from 'node:http';

const count = Number(process.env.BENCH_LINKS ?? 10000);
const links = new Map<string, string>();
for (let i = 0; i < count; i++) links.set(`/b${i}`, `https://example.com/target/${i}`);

createServer((req, res) => {
  const location = links.get(req.url ?? '');
  if (!location) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(302, {
    Location: location,
    'Cache-Control': 'private, no-store, max-age=0',
    'Content-Length': '0',
  });
  res.end();
}).listen(Number(process.env.PORT), '127.0.0.1');
