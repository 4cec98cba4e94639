import { Global, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { Env } from '../config/env';
import { HttpMetricsMiddleware } from './http-metrics.middleware';
import { MetricsController } from './metrics.controller';
import { Metrics } from './metrics';

/** `/metrics` and the request counters; any module may count into `Metrics`. */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [Metrics],
  exports: [Metrics],
})
export class MetricsModule implements NestModule {
  constructor(private readonly env: Env) {}

  /** Requests are timed only when someone can scrape them: it costs every request a little. */
  configure(consumer: MiddlewareConsumer): void {
    if (this.env.METRICS_ENABLED) consumer.apply(HttpMetricsMiddleware).forRoutes('*path');
  }
}
