import type { INestApplicationContext } from '@nestjs/common';
import { SingleBar } from 'cli-progress';
import { readFileSync } from 'node:fs';
import { ImportSummary, Importer } from '../imports/importer';
import { IMPORT_KINDS, ImportFormatError, ImportKind } from '../imports/import-record';
import { PARSERS } from '../imports/formats';
import { CliError } from './cli-error';

export interface ImportArgs {
  kind: string;
  file: string;
  account: string;
  onConflict: string;
  dryRun: boolean;
  domain?: string;
}

/** `import <kind> <file> --account <email>`: a progress bar on a terminal, a summary at the end. */
export async function importLinks(app: INestApplicationContext, args: ImportArgs): Promise<string> {
  if (!IMPORT_KINDS.includes(args.kind as ImportKind)) {
    throw new CliError(`Unknown import kind "${args.kind}": one of ${IMPORT_KINDS.join(', ')}`);
  }
  if (args.onConflict !== 'skip' && args.onConflict !== 'rename') {
    throw new CliError('--on-conflict must be skip or rename');
  }
  let text: string;
  try {
    text = readFileSync(args.file, 'utf8');
  } catch (e) {
    throw new CliError(`Cannot read ${args.file}: ${(e as Error).message}`);
  }
  let records;
  try {
    records = PARSERS[args.kind as ImportKind](text);
  } catch (e) {
    if (e instanceof ImportFormatError) throw new CliError(`${args.file}: ${e.message}`);
    throw e;
  }
  const bar = process.stdout.isTTY ? new SingleBar({ clearOnComplete: true }) : null;
  bar?.start(records.length, 0);
  const summary = await app.get(Importer).run(args.account, records, {
    onConflict: args.onConflict,
    dryRun: args.dryRun,
    domain: args.domain,
    onProgress: (done) => bar?.update(done),
  });
  bar?.stop();
  return report(args, summary);
}

function report(args: ImportArgs, s: ImportSummary): string {
  const lines = [
    `import ${args.kind} ${args.file} into ${args.account}${args.dryRun ? ' (dry run: nothing written)' : ''}`,
    `  rows:     ${s.total}`,
    `  imported: ${s.imported}${s.renamed.length ? ` (${s.renamed.length} under a new slug)` : ''}`,
    `  skipped:  ${s.skipped.length}`,
    `  failed:   ${s.failed.length}`,
    `  visits carried over: ${s.visits}`,
  ];
  const list = (title: string, items: string[]) => {
    if (items.length === 0) return;
    lines.push(`${title}:`, ...items.slice(0, 50).map((i) => `  ${i}`));
    if (items.length > 50) lines.push(`  … and ${items.length - 50} more`);
  };
  list(
    'renamed',
    s.renamed.map((r) => `row ${r.at}: ${r.from} -> ${r.to}`),
  );
  list(
    'skipped',
    s.skipped.map((r) => `row ${r.at}: ${r.slug} (${r.reason})`),
  );
  list(
    'failed',
    s.failed.map((r) => `row ${r.at}: ${r.reason}`),
  );
  return lines.join('\n');
}
