import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Server } from 'node:http';
import request from 'supertest';
import { createApp } from '../../src/app.setup';
import { validateEnv } from '../../src/config/env';
import { dropDatabase, freshDatabaseUrl } from './test-database';

export interface TestApp {
  app: NestExpressApplication;
  http: Server;
  api: () => ReturnType<typeof request>;
  close: () => Promise<void>;
}

/**
 * The full AppModule on a fresh database, built exactly as main.ts builds it. `overrides` are
 * environment variables for this app only.
 */
export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const saved = { ...process.env };
  const dbUrl = await freshDatabaseUrl();
  Object.assign(process.env, { DB_URL: dbUrl }, overrides);
  try {
    const app = await createApp(validateEnv(process.env));
    await app.init();
    const http = app.getHttpServer();
    return {
      app,
      http,
      api: () => request(http),
      close: async () => {
        await app.close();
        await dropDatabase(dbUrl);
      },
    };
  } finally {
    process.env = saved;
  }
}
