import { DynamicModule, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { StatsModule } from './analytics/stats/stats.module';
import { AuthGuard } from './auth/auth.guard';
import { AuthModule } from './auth/auth.module';
import { AccountModule } from './account/account.module';
import { UsageApiModule } from './usage/usage-api.module';
import { AllExceptionsFilter } from './common/filters/all-exceptions.filter';
import { ContentTypeGuard } from './common/guards/content-type.guard';
import { LoggingModule } from './logging/logging.module';
import { createValidationPipe } from './common/pipes/validation.pipe';
import { CompatModule } from './compat/compat.module';
import { AppConfigModule } from './config/config.module';
import { Env } from './config/env';
import { DatabaseModule } from './database/database.module';
import { OutboxModule } from './outbox/outbox.module';
import { CustomDomainsModule } from './custom-domains/custom-domains.module';
import { FilesModule } from './files/files.module';
import { HealthModule } from './health/health.module';
import { LinksModule } from './links/links.module';
import { RateLimitGuard } from './rate-limit/rate-limit.guard';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { MailModule } from './mail/mail.module';
import { RedisModule } from './redis/redis.module';
import { TagsModule } from './tags/tags.module';
import { TextsModule } from './texts/texts.module';
import { QrCodesModule } from './qr/qr-codes.module';
import { BioModule } from './bio/bio.module';
import { BundlesModule } from './bundles/bundles.module';
import { LargeUploadsModule } from './files/resumable/large-uploads.module';
import { UsageModule } from './auth/plans/usage.module';
import { WebModule } from './web/web.module';
import { AccountAreaModule } from './account-area/account-area.module';
import { MetricsModule } from './metrics/metrics.module';
import { ImportsModule } from './imports/imports.module';
import { EventsModule } from './events/events.module';

@Module({})
export class AppModule implements OnApplicationShutdown {
  /** The whole service on settings validated once by the caller. */
  static forRoot(env: Env): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(env),
        LoggingModule,
        EventEmitterModule.forRoot(),
        DatabaseModule,
        OutboxModule,
        RedisModule,
        RateLimitModule,
        MailModule,
        UsageModule,
        AuthModule,
        AccountModule,
        UsageApiModule,
        HealthModule,
        TagsModule,
        LinksModule,
        TextsModule,
        FilesModule,
        LargeUploadsModule,
        StatsModule,
        CustomDomainsModule,
        CompatModule,
        QrCodesModule,
        BioModule,
        BundlesModule,
        EventsModule,
        AccountAreaModule,
        MetricsModule,
        ImportsModule,
        WebModule, // last: its `/:slug` route catches what nothing else did
      ],
      providers: [
        // Guards run in this order: who is calling, how often, then what they sent.
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_GUARD, useClass: RateLimitGuard },
        { provide: APP_GUARD, useClass: ContentTypeGuard },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
      ],
    };
  }

  /** Runs after every other hook (connections closed, visit counts written). */
  onApplicationShutdown(signal?: string): void {
    if (signal) new Logger('Shutdown').log(`Stopped cleanly after ${signal}`);
  }
}
