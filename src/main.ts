import 'reflect-metadata';
import { existsSync } from 'node:fs';
import type { Env } from './config/env';
import { ConfigError, validateEnv } from './config/validate-env';

/** The settings, once read: a later failure is described with them. */
let env: Env | undefined;

async function bootstrap() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  // Validate before anything loads, so a bad setting is one clear line and not a stack trace.
  env = validateEnv(process.env);
  const { createApp } = await import('./app.setup');
  const { announce } = await import('./logging/announce');
  const app = await createApp(env);
  await app.listen(env.PORT, env.HOST);
  announce(app, env);
}

bootstrap().catch(async (e: unknown) => {
  let text: string;
  if (e instanceof ConfigError || !env) text = e instanceof Error ? e.message : String(e);
  else {
    const { describeStartFailure } = await import('./logging/start-failure');
    text = describeStartFailure(e, env);
  }
  process.stderr.write(`${text}\n`);
  process.exit(1);
});
