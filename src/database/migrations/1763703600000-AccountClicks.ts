import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

const ACCOUNTS_A_STEP = 100;

/** What filling needs of a connection (a migration's query runner, or the scale bench's). */
interface Queries {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/**
 * Each account's visits by kind of share, kept beside its shares by kind: YOURLS's `db-stats`
 * and `stats` summed the clicks of a million links for every call (1.1 s). Filled a hundred
 * accounts a step by a plain read (on MySQL a consistent read, which locks nothing).
 */
export class AccountClicks1763703600000 implements MigrationInterface {
  name = 'AccountClicks1763703600000';

  async up(qr: QueryRunner): Promise<void> {
    await qr.addColumn(
      'account_share_counts',
      new TableColumn({ name: 'clicks', type: 'bigint', default: 0 }),
    );
    await sumShareClicks(qr);
  }

  async down(qr: QueryRunner): Promise<void> {
    await qr.dropColumn('account_share_counts', 'clicks');
  }
}

/** Sets each account's clicks by kind to what its shares hold (the scale bench's too). */
export async function sumShareClicks(qr: Queries) {
  const [{ last }] = (await qr.query('SELECT COALESCE(MAX(id), 0) AS last FROM accounts')) as {
    last: number | string;
  }[];
  for (let from = 1; from <= Number(last); from += ACCOUNTS_A_STEP) {
    const sums = (await qr.query(
      'SELECT account_id, kind, SUM(clicks) AS clicks FROM links ' +
        'WHERE account_id >= ? AND account_id < ? GROUP BY account_id, kind',
      [from, from + ACCOUNTS_A_STEP],
    )) as Record<string, unknown>[];
    for (const s of sums.filter((x) => Number(x.clicks) > 0)) {
      await qr.query(
        'UPDATE account_share_counts SET clicks = ? WHERE account_id = ? AND kind = ?',
        [Number(s.clicks), s.account_id, s.kind],
      );
    }
  }
}
