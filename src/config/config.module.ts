import { DynamicModule, Global, Module } from '@nestjs/common';
import { Clock } from '../common/clock';
import { Scheduler } from '../common/scheduler';
import { Env } from './env';

/**
 * Provides the `Env` validated once by the caller (main.ts, the CLI, the tests), the clock and
 * the scheduler of periodic jobs:
 * `constructor(private readonly env: Env)`.
 */
@Global()
@Module({})
export class AppConfigModule {
  static forRoot(env: Env): DynamicModule {
    return {
      module: AppConfigModule,
      providers: [{ provide: Env, useValue: env }, Clock, Scheduler],
      exports: [Env, Clock, Scheduler],
    };
  }
}
