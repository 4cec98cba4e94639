import { Injectable, OnModuleInit } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { getDataSourceToken } from '@nestjs/typeorm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { VisitRecorder } from '../analytics/capture/visit-recorder';
import { FilesService } from '../files/files.service';
import { FastRedirectPath } from '../links/resolve/fast-redirect-path';
import { RedirectCache } from '../links/resolve/redirect-cache';

/**
 * Every Prometheus metric of one instance, in its own registry (several apps share a test
 * process). The hot paths keep plain counters of their own; they are read here at scrape time.
 */
@Injectable()
export class Metrics implements OnModuleInit {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'linkdrop_http_requests_total',
    help: 'HTTP requests answered by the framework, by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  readonly latency = new Histogram({
    name: 'linkdrop_http_request_duration_seconds',
    help: 'Time to answer a request through the framework, by route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [this.registry],
  });
  /** Redirects the framework answered (the fast path keeps its own count). */
  frameworkRedirects = 0;
  readonly uploadFailures = new Counter({
    name: 'linkdrop_upload_failures_total',
    help: 'Upload requests refused or failed, by error code',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  constructor(private readonly moduleRef: ModuleRef) {}

  onModuleInit(): void {
    collectDefaultMetrics({ register: this.registry });
    const find = <T>(type: new (...args: never[]) => T): T | undefined => {
      try {
        return this.moduleRef.get(type, { strict: false });
      } catch {
        return undefined;
      }
    };
    const fast = find(FastRedirectPath);
    const cache = find(RedirectCache);
    const recorder = find(VisitRecorder);
    const files = find(FilesService);
    const db = find<DataSource>(getDataSourceToken() as never);
    const registers = [this.registry];
    const framework = () => this.frameworkRedirects;
    // Counters whose values are kept elsewhere: set at each scrape (reset, then the total).
    new Counter({
      name: 'linkdrop_uploads_total',
      help: 'Files stored (form, SM.MS and resumable uploads)',
      registers,
      collect: function () {
        this.reset();
        this.inc(files?.stored.files ?? 0);
      },
    });
    new Counter({
      name: 'linkdrop_upload_bytes_total',
      help: 'Bytes of the files stored',
      registers,
      collect: function () {
        this.reset();
        this.inc(files?.stored.bytes ?? 0);
      },
    });
    new Counter({
      name: 'linkdrop_redirects_total',
      help: 'Redirects answered, by path: the fast path before the framework, or the framework',
      labelNames: ['path'] as const,
      registers,
      collect: function () {
        this.reset();
        this.inc({ path: 'fast' }, fast?.hits ?? 0);
        this.inc({ path: 'framework' }, framework());
      },
    });
    new Gauge({
      name: 'linkdrop_redirect_cache_entries',
      help: 'Links held in the redirect cache',
      registers,
      collect: function () {
        this.set(cache?.size ?? 0);
      },
    });
    new Gauge({
      name: 'linkdrop_redirect_cache_hit_ratio',
      help: 'Share of redirect-cache look-ups that found a link, since start',
      registers,
      collect: function () {
        const lookups = (cache?.hits ?? 0) + (cache?.misses ?? 0);
        this.set(lookups === 0 ? 0 : (cache?.hits ?? 0) / lookups);
      },
    });
    new Gauge({
      name: 'linkdrop_visit_queue_depth',
      help: 'Visits captured and waiting to be written',
      registers,
      collect: function () {
        this.set(recorder?.waiting ?? 0);
      },
    });
    new Counter({
      name: 'linkdrop_visit_events_dropped_total',
      help: 'Visits dropped because the queue was full (the database away too long)',
      registers,
      collect: function () {
        this.reset();
        this.inc(recorder?.dropped ?? 0);
      },
    });
    new Gauge({
      name: 'linkdrop_db_pool_connections',
      help: 'Database connections by state (SQLite: one, never busy between statements)',
      labelNames: ['state'] as const,
      registers,
      collect: function () {
        const pool = poolOf(db);
        this.set({ state: 'in_use' }, pool.all - pool.free);
        this.set({ state: 'idle' }, pool.free);
      },
    });
  }
}

interface Mysql2Pool {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
}

/** mysql2 keeps no public count of its connections; its two queues are read. */
function poolOf(db: DataSource | undefined): { all: number; free: number } {
  const pool = (db?.driver as { pool?: Mysql2Pool } | undefined)?.pool;
  if (!pool) return { all: 1, free: 1 };
  return { all: pool._allConnections?.length ?? 0, free: pool._freeConnections?.length ?? 0 };
}
