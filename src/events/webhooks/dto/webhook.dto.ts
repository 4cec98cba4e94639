import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayNotEmpty,
  IsArray,
  IsBoolean,
  IsIn,
  IsString,
  MaxLength,
} from 'class-validator';
import { IsAbsentOr } from '../../../common/validators/is-absent-or';
import { IsHttpUrl } from '../../../common/validators/is-http-url';
import { toUnix } from '../../../common/time';
import { EVENT_TYPES } from '../../../outbox/event-types';
import type { WebhookEndpoint } from '../webhook-endpoint.entity';

const SUBSCRIBABLE = ['*', ...EVENT_TYPES.filter((t) => t !== 'webhook.test')];

export class CreateWebhookDto {
  @ApiProperty({ example: 'https://example.com/hooks/linkdrop', maxLength: 2000 })
  @IsHttpUrl()
  @MaxLength(2000)
  url!: string;

  @ApiProperty({ type: [String], example: ['link.created', 'file.uploaded'], enum: SUBSCRIBABLE })
  @IsArray()
  @ArrayNotEmpty({ message: 'events must name at least one event type, or "*" for all' })
  @ArrayMaxSize(SUBSCRIBABLE.length)
  @IsIn(SUBSCRIBABLE, { each: true, message: 'each of events must be an event type or "*"' })
  events!: string[];

  @ApiPropertyOptional({ maxLength: 200 })
  @IsAbsentOr()
  @IsString()
  @MaxLength(200)
  description?: string;
}

export class UpdateWebhookDto {
  @ApiPropertyOptional({ maxLength: 2000 })
  @IsAbsentOr()
  @IsHttpUrl()
  @MaxLength(2000)
  url?: string;

  @ApiPropertyOptional({ type: [String], enum: SUBSCRIBABLE })
  @IsAbsentOr()
  @IsArray()
  @ArrayNotEmpty({ message: 'events must name at least one event type, or "*" for all' })
  @ArrayMaxSize(SUBSCRIBABLE.length)
  @IsIn(SUBSCRIBABLE, { each: true, message: 'each of events must be an event type or "*"' })
  events?: string[];

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 200 })
  @IsAbsentOr()
  @IsString()
  @MaxLength(200)
  description?: string | null;

  @ApiPropertyOptional({
    description: 'true switches an endpoint back on (its failures forgotten)',
  })
  @IsAbsentOr()
  @IsBoolean()
  enabled?: boolean;
}

export class WebhookDto {
  @ApiProperty() id!: number;
  @ApiProperty() url!: string;
  @ApiProperty({ type: [String] }) events!: string[];
  @ApiPropertyOptional({ type: String, nullable: true }) description!: string | null;
  @ApiProperty() enabled!: boolean;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Why the service switched it off (three days of failed deliveries)',
  })
  disabled_reason!: string | null;
  @ApiProperty() created_at!: number;

  static from(ep: WebhookEndpoint): WebhookDto {
    return {
      id: ep.id,
      url: ep.url,
      events: JSON.parse(ep.events) as string[],
      description: ep.description,
      enabled: ep.enabled,
      disabled_reason: ep.disabledReason,
      created_at: toUnix(ep.createdAt),
    };
  }
}

/** The answer of a creation: the signing secret is shown this once. */
export class CreatedWebhookDto {
  @ApiProperty() id!: number;
  @ApiProperty() url!: string;
  @ApiProperty({ type: [String] }) events!: string[];
  @ApiPropertyOptional({ type: String, nullable: true }) description!: string | null;
  @ApiProperty() enabled!: boolean;
  @ApiProperty({
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    description: 'Shown only here',
  })
  secret!: string;
  @ApiProperty() created_at!: number;
}
