import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';

export interface Job {
  /** Stops the job; a run under way finishes. */
  stop(): void;
}

/**
 * Every periodic job of the service goes through here (flushes of write-behind buffers, sweeps,
 * re-checks): named, so the list of what runs in the background is in one place; never holding
 * the process open; never two runs of one job at once (a slow database does not pile them up);
 * a failure logged with the job's name instead of an unhandled rejection. Owners stop their
 * job where they write their last state out (onModuleDestroy); shutdown stops the rest.
 */
@Injectable()
export class Scheduler implements OnApplicationShutdown {
  private readonly logger = new Logger('Scheduler');
  private readonly jobs = new Map<string, NodeJS.Timeout>();

  every(name: string, ms: number, run: () => unknown): Job {
    if (this.jobs.has(name)) throw new Error(`a job named ${name} is already scheduled`);
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      void Promise.resolve()
        .then(run)
        .catch((e: unknown) => this.logger.warn(`${name}: ${String(e)}`))
        .finally(() => (running = false));
    }, ms);
    timer.unref();
    this.jobs.set(name, timer);
    return {
      stop: () => {
        clearInterval(timer);
        if (this.jobs.get(name) === timer) this.jobs.delete(name);
      },
    };
  }

  /** The names of the jobs scheduled now. */
  scheduled(): string[] {
    return [...this.jobs.keys()];
  }

  onApplicationShutdown(): void {
    for (const timer of this.jobs.values()) clearInterval(timer);
    this.jobs.clear();
  }
}
