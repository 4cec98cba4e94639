import { fmt, median } from './harness';

const ROUNDS = 3;

/** About 1 MB of plausible JavaScript: functions, strings, comments, numbers. */
function sourceOfSize(bytes: number, seed: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line =
      i % 5 === 0
        ? `// step ${i} of run ${seed}: keep the totals in order`
        : `export function f${i}(items, limit = ${i % 97}) { return items.filter((x) => x.id > limit).map((x) => ({ ...x, label: "item-${i}" })); }`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join('\n').slice(0, bytes);
}

/** First view (highlighting on the server) and a repeat view of a 1 MB source-code share. */
export async function benchTextPage(base: string, token: string) {
  console.log('# text page: 1 MB of JavaScript, first view (highlighted) and a repeat view');
  const first: number[] = [];
  const repeat: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const res = await fetch(`${base}/api/v1/text`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: `bench ${r}`,
        content: sourceOfSize(1_000_000, r),
        text_type: 'source_code',
        language: 'javascript',
      }),
    });
    const { data } = (await res.json()) as { data: { slug: string } };
    for (const into of [first, repeat]) {
      const started = process.hrtime.bigint();
      const page = await fetch(`${base}/${data.slug}`);
      const html = await page.text();
      if (page.status !== 200 || !html.includes('hljs-keyword'))
        throw new Error('text page failed');
      into.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    console.log(`  round ${r + 1}: first ${fmt(first[r])} ms, repeat ${fmt(repeat[r])} ms`);
  }
  console.log(
    `1 MB source page: first view ${fmt(median(first))} ms, repeat ${fmt(median(repeat))} ms`,
  );
}
