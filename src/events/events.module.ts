import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
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
  imports: [TypeOrmModule.forFeature([WebhookEndpoint, WebhookDelivery])],
  controllers: [WebhooksController, AuditLogController],
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
  ],
  exports: [WebhooksService, AuditLogService, EventDispatcher],
})
export class EventsModule {}
