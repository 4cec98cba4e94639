import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { UploadEnds } from './upload-ends';
import { Job, Scheduler } from '../../common/scheduler';

const EVERY_MS = 10 * 60_000;

/** Ends resumable uploads whose time ran out, at start and every ten minutes. */
@Injectable()
export class UploadSweeper implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger(UploadSweeper.name);
  private job?: Job;

  constructor(
    private readonly ends: UploadEnds,
    private readonly scheduler: Scheduler,
  ) {}

  onModuleInit(): void {
    const sweep = () =>
      this.ends.sweepExpired().catch((e: Error) => this.log.warn(`sweep: ${e.message}`));
    this.job = this.scheduler.every('resumable uploads: end the expired', EVERY_MS, sweep);
    void sweep();
  }

  onModuleDestroy(): void {
    this.job?.stop();
  }
}
