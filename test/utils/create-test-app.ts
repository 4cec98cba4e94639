import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test, TestingModuleBuilder } from '@nestjs/testing';
import type { Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { AppModule } from '../../src/app.module';
import { appOptions, configureApp } from '../../src/app.setup';
import { Clock } from '../../src/common/clock';
import { EnvelopeExpressAdapter } from '../../src/common/envelope-adapter';
import { Env } from '../../src/config/env';
import { validateEnv } from '../../src/config/validate-env';
import { dropDatabase, freshDatabaseUrl } from './test-database';
import { TestClock } from './test-clock';
import { Thumbnails } from '../../src/files/media/thumbnails';
import { filesUnder } from '../factories/file.factory';

export interface TestApp {
  app: NestExpressApplication;
  env: Env;
  dbUrl: string;
  /** Where the local storage driver keeps this app's files. */
  storageDir: string;
  /** The uploads stored there, once the thumbnails being made are (filesUnder). */
  storedFiles: () => Promise<string[]>;
  http: Server;
  /** Moves this app's time on (expiry, cache validity) without touching any row. */
  clock: TestClock;
  api: () => ReturnType<typeof request.agent>;
  close: () => Promise<void>;
}

export interface TestAppOptions {
  /** Replace providers before the app is built. */
  override?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
}

/**
 * The full AppModule on a fresh database, configured as main.ts configures it. `settings` are
 * environment variables for this app only (process.env is never changed); with `DB_URL` among
 * them the app shares that database (a second instance) and leaves it in place when it closes.
 */
export async function createTestApp(
  settings: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const shared = settings.DB_URL !== undefined;
  const dbUrl = settings.DB_URL ?? (await freshDatabaseUrl());
  const storageDir = settings.STORAGE_LOCAL_DIR ?? mkdtempSync(join(tmpdir(), 'linkdrop-files-'));
  const env = validateEnv({
    ...process.env,
    ...settings,
    DB_URL: dbUrl,
    STORAGE_LOCAL_DIR: storageDir,
  });
  const clock = new TestClock();
  let builder = Test.createTestingModule({ imports: [AppModule.forRoot(env)] })
    .overrideProvider(Clock)
    .useValue(clock);
  if (options.override) builder = options.override(builder);
  const moduleRef = await builder.compile();
  const app = configureApp(
    moduleRef.createNestApplication<NestExpressApplication>(
      new EnvelopeExpressAdapter(),
      appOptions(),
    ),
    env,
  );
  await app.init();
  const http = app.getHttpServer();
  return {
    app,
    env,
    dbUrl,
    storageDir,
    storedFiles: async () => {
      await app.get(Thumbnails).idle();
      return filesUnder(storageDir);
    },
    http,
    clock,
    // As a browser of the service would: to PUBLIC_URL's host (a test may name another).
    api: () => request.agent(http).set('Host', new URL(env.PUBLIC_URL).host),
    close: async () => {
      await app.close();
      if (!shared) await dropDatabase(dbUrl);
    },
  };
}
