import { ApiProperty } from '@nestjs/swagger';

export class LivenessDto {
  @ApiProperty({ enum: ['ok'] }) status!: string;
  @ApiProperty({ type: 'integer', description: 'Seconds since start' }) uptime_s!: number;
}

class AnalyticsQueueDto {
  @ApiProperty({ type: 'integer' }) visits_waiting!: number;
  @ApiProperty({ type: 'integer', description: 'Lost to a full queue since start' })
  visits_dropped!: number;
}

export class ReadinessDto {
  @ApiProperty({ enum: ['ok'] }) status!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', enum: ['up', 'down'] },
    example: { database: 'up', storage: 'up', redis: 'up' },
  })
  checks!: Record<string, 'up' | 'down'>;
  @ApiProperty({ type: AnalyticsQueueDto }) analytics!: AnalyticsQueueDto;
}
