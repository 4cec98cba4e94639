import { Global, Module } from '@nestjs/common';
import { Env } from '../config/env';
import { AppLogger } from './app-logger';
import { createPino } from './pino-options';

/** The service's one pino logger, for Nest and for the request lines (configureApp). */
@Global()
@Module({
  providers: [
    { provide: AppLogger, inject: [Env], useFactory: (env: Env) => new AppLogger(createPino(env)) },
  ],
  exports: [AppLogger],
})
export class LoggingModule {}
