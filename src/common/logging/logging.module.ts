import { Global, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { Env } from '../../config/env';
import { AppLogger } from './app-logger';
import { createPino, httpLogOptions } from './pino-options';

/** pino for the whole service, and pino-http's request lines with their request ids. */
@Global()
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [Env],
      useFactory: (env: Env) => ({ pinoHttp: httpLogOptions(createPino(env)) }),
    }),
  ],
  providers: [AppLogger],
  exports: [AppLogger],
})
export class LoggingModule {}
