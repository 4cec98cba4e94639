import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { UploadEnds } from './upload-ends';

const EVERY_MS = 10 * 60_000;

/** Ends resumable uploads whose time ran out, at start and every ten minutes. */
@Injectable()
export class UploadSweeper implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger(UploadSweeper.name);
  private timer?: NodeJS.Timeout;

  constructor(private readonly ends: UploadEnds) {}

  onModuleInit(): void {
    const sweep = () =>
      void this.ends.sweepExpired().catch((e: Error) => this.log.warn(`sweep: ${e.message}`));
    this.timer = setInterval(sweep, EVERY_MS);
    this.timer.unref();
    sweep();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }
}
