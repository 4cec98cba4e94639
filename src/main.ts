import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { ConfigError, validateEnv } from './config/validate-env';

async function bootstrap() {
  if (existsSync('.env')) process.loadEnvFile('.env');
  // Validate before anything loads, so a bad setting is one clear line and not a stack trace.
  const env = validateEnv(process.env);
  const { createApp } = await import('./app.setup');
  const { announce } = await import('./logging/announce');
  const app = await createApp(env);
  await app.listen(env.PORT, env.HOST);
  announce(app, env);
}

bootstrap().catch(async (e: unknown) => {
  let text: string;
  if (e instanceof ConfigError) text = e.message;
  else {
    const { describeStartFailure } = await import('./logging/start-failure');
    text = describeStartFailure(e, validateEnv(process.env));
  }
  process.stderr.write(`${text}\n`);
  process.exit(1);
});
