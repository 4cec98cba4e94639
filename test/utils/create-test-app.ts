import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../../src/app.setup';
import { validateEnv } from '../../src/config/env';
import { dropDatabase, freshDatabaseUrl } from './test-database';

export interface TestApp {
  app: NestExpressApplication;
  dbUrl: string;
  /** Where the local storage driver keeps this app's files. */
  storageDir: string;
  http: Server;
  api: () => ReturnType<typeof request>;
  close: () => Promise<void>;
}

/**
 * The full AppModule on a fresh database, built exactly as main.ts builds it. `overrides` are
 * environment variables for this app only; with `DB_URL` among them the app shares that database
 * (a second instance) and leaves it in place when it closes.
 */
export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const saved = { ...process.env };
  const shared = overrides.DB_URL !== undefined;
  const dbUrl = overrides.DB_URL ?? (await freshDatabaseUrl());
  const storageDir = overrides.STORAGE_LOCAL_DIR ?? mkdtempSync(join(tmpdir(), 'linkdrop-files-'));
  Object.assign(process.env, overrides, { DB_URL: dbUrl, STORAGE_LOCAL_DIR: storageDir });
  try {
    const app = await createApp(validateEnv(process.env));
    await app.init();
    const http = app.getHttpServer();
    return {
      app,
      dbUrl,
      storageDir,
      http,
      api: () => request(http),
      close: async () => {
        await app.close();
        if (!shared) await dropDatabase(dbUrl);
      },
    };
  } finally {
    process.env = saved;
  }
}
