import { Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { Env, validateEnv } from './env';

/**
 * Loads `.env` (optional) into the environment, validates it once at start, and provides the typed
 * `Env` for injection: `constructor(private readonly env: Env)`.
 */
@Global()
@Module({
  imports: [
    ConfigModule.forRoot({
      validate: validateEnv,
      cache: true,
      // Tests set their own environment; a developer's .env must not leak into them.
      ignoreEnvFile: process.env.NODE_ENV === 'test',
    }),
  ],
  providers: [{ provide: Env, useFactory: () => validateEnv(process.env) }],
  exports: [Env],
})
export class AppConfigModule {}
