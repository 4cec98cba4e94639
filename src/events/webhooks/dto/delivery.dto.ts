import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { toUnix } from '../../../common/time';
import type { WebhookDelivery } from '../webhook-delivery.entity';

export class DeliveryDto {
  @ApiProperty() id!: number;
  @ApiProperty({ description: 'The `webhook-id` header: the same on every attempt' })
  event_id!: string;
  @ApiProperty({ example: 'link.created' }) type!: string;
  @ApiProperty({ enum: ['pending', 'delivered', 'failed'] }) status!: string;
  @ApiProperty() attempts!: number;
  @ApiPropertyOptional({ type: Number, nullable: true }) response_status!: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true }) duration_ms!: number | null;
  @ApiProperty() created_at!: number;
  @ApiPropertyOptional({ type: Number, nullable: true }) next_attempt_at!: number | null;

  static from(d: WebhookDelivery): DeliveryDto {
    return {
      id: d.id,
      event_id: d.eventId,
      type: d.type,
      status: d.status,
      attempts: d.attempts,
      response_status: d.responseStatus,
      duration_ms: d.durationMs,
      created_at: toUnix(d.createdAt),
      next_attempt_at: d.nextAttemptAt ? toUnix(d.nextAttemptAt) : null,
    };
  }
}
