/* Operator commands: `npm run cli -- <command> [--flags]`. Output goes to stdout for scripts. */
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { INestApplicationContext } from '@nestjs/common';
import { CliError } from './cli/cli-error';
import type { Env } from './config/env';
import { ConfigError, validateEnv } from './config/validate-env';

const USAGE = `Usage: npm run cli -- <command> [options]

  account:create --email <e> --password <p> [--plan free|pro] [--until YYYY-MM-DD]
                 creates an account and prints a new API token for it
  account:plan   --email <e> --plan <code> [--until YYYY-MM-DD|never]
                 changes an account's plan and when it ends
  account:password --email <e> --password <p>
                 sets a new password (its browsers are logged out)
  account:2fa-reset --email <e>
                 turns off two-factor codes of an account locked out
  migration:run     applies pending migrations
  migration:revert  reverts the last migration
  backup  --to <file>     copies the SQLite database while the service runs
  restore --from <file>   replaces the SQLite database with a backup (stop the service first)
  doctor                  checks the configuration, database, storage and Redis
  import <yourls|shlink|kutt|csv> <file> --account <email>
         [--on-conflict skip|rename] [--dry-run] [--domain <host>]
                 brings links (slugs, titles, tags, expiry, visit totals) from another tool`;

async function main(argv: string[]): Promise<void> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  // An operator's command must not also create the first-start admin account.
  const env = validateEnv({
    ...process.env,
    AUTH_BOOTSTRAP_ADMIN: 'false',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      plan: { type: 'string' },
      until: { type: 'string' },
      to: { type: 'string' },
      from: { type: 'string' },
      account: { type: 'string' },
      'on-conflict': { type: 'string', default: 'skip' },
      'dry-run': { type: 'boolean', default: false },
      domain: { type: 'string' },
    },
  });

  if (command === 'backup' || command === 'restore') {
    const file = command === 'backup' ? values.to : values.from;
    if (!file) throw new UsageError();
    const sqlite = await import('./cli/sqlite-backup');
    console.log(await (command === 'backup' ? sqlite.backup : sqlite.restore)(env, file));
    return;
  }
  if (command === 'doctor') {
    const { doctor } = await import('./cli/doctor');
    const { text, healthy } = await doctor(env);
    console.log(text);
    if (!healthy) process.exitCode = 1;
    return;
  }

  if (command === 'migration:run' || command === 'migration:revert') {
    const { buildDataSourceOptions } = await import('./database/database-options');
    const { openMigrated } = await import('./database/migrate-under-lock');
    // Under the same lock as starting instances: a replica coming up waits for this one.
    const dataSource = await openMigrated(buildDataSourceOptions(env));
    if (command === 'migration:revert') await dataSource.undoLastMigration();
    console.log(`${command}: done`);
    await dataSource.destroy();
    return;
  }
  if (command === 'import') {
    const [kind, file] = positionals;
    if (!kind || !file || !values.account) throw new UsageError();
    const { importLinks } = await import('./cli/import-command');
    const args = {
      kind,
      file,
      account: values.account,
      onConflict: values['on-conflict'],
      dryRun: values['dry-run'],
      domain: values.domain,
    };
    console.log(await withApp(env, (app) => importLinks(app, args)));
    return;
  }
  if (command === 'account:password' || command === 'account:2fa-reset') {
    if (!values.email || (command === 'account:password' && !values.password)) {
      throw new UsageError();
    }
    const recovery = await import('./cli/account-recovery');
    console.log(
      await withApp(env, (app) =>
        command === 'account:password'
          ? recovery.setPassword(app, values.email!, values.password!)
          : recovery.resetTwoFactor(app, values.email!),
      ),
    );
    return;
  }
  if (command !== 'account:create' && command !== 'account:plan') throw new UsageError();
  const missing = command === 'account:create' ? !values.password : !values.plan;
  if (!values.email || missing) throw new UsageError();
  const until = parseUntil(values.until);

  const { AccountsService } = await import('./auth/accounts.service');
  const { TokensService } = await import('./auth/tokens.service');
  await withApp(env, async (app) => {
    const accounts = app.get(AccountsService);
    if (command === 'account:create') {
      let account = await accounts.create(values.email!, values.password!, values.plan ?? 'free');
      if (until) account = await accounts.setPlan(account.email, values.plan ?? 'free', until);
      const { token } = await app.get(TokensService).issue(account.id, 'cli');
      console.log(`created ${account.email} (id ${account.id}, plan ${account.plan?.code})`);
      console.log(`token: ${token}`);
    } else {
      const account = await accounts.setPlan(values.email!, values.plan!, until);
      const ends = account.planExpiresAt?.toISOString() ?? 'never';
      console.log(`${account.email}: plan ${account.plan?.code}, ends ${ends}`);
    }
  });
}

/** The service's modules without its HTTP server, closed when `work` ends. */
async function withApp<T>(env: Env, work: (app: INestApplicationContext) => Promise<T>) {
  const { NestFactory } = await import('@nestjs/core');
  const { AppModule } = await import('./app.module');
  const { createLogger } = await import('./app.setup');
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(env), {
    logger: createLogger(env),
  });
  const { RequestContexts, SYSTEM_ACTOR } = await import('./common/request-context');
  try {
    // What a command changes is the operator's doing: `cli` in the audit log.
    return await RequestContexts.run({ client: 'cli', actor: { ...SYSTEM_ACTOR } }, () =>
      work(app),
    );
  } finally {
    await app.close();
  }
}

class UsageError extends Error {}

function parseUntil(until: string | undefined): Date | null {
  if (!until || until === 'never') return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(until) ? `${until}T00:00:00Z` : until);
  if (Number.isNaN(date.getTime())) throw new ConfigError(`--until: not a date: ${until}`);
  return date;
}

main(process.argv.slice(2)).catch((e: unknown) => {
  if (e instanceof UsageError) console.error(USAGE);
  else if (e instanceof CliError) console.error(e.message);
  else console.error(e instanceof Error ? e.message : String(e));
  process.exit(e instanceof UsageError ? 2 : 1);
});
