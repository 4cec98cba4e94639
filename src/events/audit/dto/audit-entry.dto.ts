import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { toUnix } from '../../../common/time';
import type { OutboxEvent } from '../../../outbox/outbox-event.entity';

class ActorDto {
  @ApiProperty({ enum: ['account', 'token', 'session', 'admin', 'system'] }) type!: string;
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'The account, token or session; for `admin`, the admin account; null: system',
  })
  id!: number | null;
}

class ResourceDto {
  @ApiProperty({ example: 'link' }) type!: string;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'A number for shares, accounts, domains (as their APIs show them)',
    example: 42,
  })
  id!: number | string | null;
}

export class AuditEntryDto {
  @ApiProperty({ example: 'evt_2Xk3Jd8aPq0vB7nT4wYe' }) id!: string;
  @ApiProperty({ description: 'Unix seconds' }) at!: number;
  @ApiProperty({ type: ActorDto }) actor!: ActorDto;
  @ApiProperty({ example: 'link.created' }) action!: string;
  @ApiProperty({ type: ResourceDto }) resource!: ResourceDto;
  @ApiPropertyOptional({
    enum: ['browser', 'api', 'see', 'smms', 'yourls', 'tus', 'mcp', 'cli'],
    nullable: true,
    description: "The kind of client; null for the service's own work (a domain re-check)",
  })
  client!: string | null;

  static from(e: OutboxEvent): AuditEntryDto {
    const id = e.resourceId;
    return {
      id: e.eventId,
      at: toUnix(e.occurredAt),
      actor: { type: e.actorType, id: e.actorId },
      action: e.type,
      resource: { type: e.resourceType, id: id !== null && /^\d+$/.test(id) ? Number(id) : id },
      client: e.client,
    };
  }
}
