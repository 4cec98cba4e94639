import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StatsModule } from '../analytics/stats/stats.module';
import { DomainsModule } from '../domains/domains.module';
import { BioModule } from '../bio/bio.module';
import { BundlesModule } from '../bundles/bundles.module';
import { FilesModule } from '../files/files.module';
import { LinksModule } from '../links/links.module';
import { TagsModule } from '../tags/tags.module';
import { TextsModule } from '../texts/texts.module';
import { McpController } from './mcp/mcp.controller';
import { McpTools } from './mcp/mcp-tools';
import { AccountTools } from './mcp/tools/account-tools';
import { BioTools } from './mcp/tools/bio-tools';
import { BundleTools } from './mcp/tools/bundle-tools';
import { FileTools } from './mcp/tools/file-tools';
import { LinkTools } from './mcp/tools/link-tools';
import { LinkRuleTools } from './mcp/tools/link-rule-tools';
import { TextTools } from './mcp/tools/text-tools';
import { AuditLogController } from './audit/audit-log.controller';
import { AuditLogService } from './audit/audit-log.service';
import { EventBrokers } from './brokers/event-brokers';
import { EventDispatcher } from './dispatch/event-dispatcher';
import { EventInterest } from './dispatch/event-interest';
import { WebhookDeliveriesRepository } from './webhooks/webhook-deliveries.repository';
import { WebhookDelivery } from './webhooks/webhook-delivery.entity';
import { WebhookEndpoint } from './webhooks/webhook-endpoint.entity';
import { WebhookEndpointsRepository } from './webhooks/webhook-endpoints.repository';
import { WebhookSender } from './webhooks/webhook-sender';
import { WebhookSubscriptions } from './webhooks/webhook-subscriptions';
import { WebhooksController } from './webhooks/webhooks.controller';
import { WebhooksService } from './webhooks/webhooks.service';

/**
 * What the outbox feeds: signed webhooks, the operator's brokers, the audit log (docs/events.md).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([WebhookEndpoint, WebhookDelivery]),
    LinksModule,
    TextsModule,
    FilesModule,
    StatsModule,
    TagsModule,
    DomainsModule,
    BundlesModule,
    BioModule,
  ],
  controllers: [WebhooksController, AuditLogController, McpController],
  providers: [
    WebhookEndpointsRepository,
    WebhookDeliveriesRepository,
    WebhookSubscriptions,
    WebhookSender,
    WebhooksService,
    EventBrokers,
    EventDispatcher,
    EventInterest,
    AuditLogService,
    McpTools,
    LinkTools,
    LinkRuleTools,
    TextTools,
    FileTools,
    BundleTools,
    BioTools,
    AccountTools,
  ],
  exports: [WebhooksService, AuditLogService, EventDispatcher],
})
export class EventsModule {}
