import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import { DomainError } from '../common/errors/domain-error';
import { HealthRepository } from './health.repository';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthRepository) {}

  @Get()
  @ApiOperation({ summary: 'Liveness: the process answers' })
  live() {
    return { status: 'ok', uptime_s: Math.round(process.uptime()) };
  }

  @Get('ready')
  @ApiOperation({ summary: 'Readiness: the database answers (503 when it does not)' })
  async ready() {
    try {
      await this.health.ping();
    } catch {
      throw new DomainError(503, 'service_unavailable', 'The database is not reachable', {
        checks: { database: 'down' },
      });
    }
    return { status: 'ok', checks: { database: 'up' } };
  }
}
