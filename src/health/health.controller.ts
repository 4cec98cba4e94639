import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import { DomainError } from '../common/errors/domain-error';
import { Storage } from '../files/storage/storage';
import { RedisService } from '../redis/redis.service';
import { HealthRepository } from './health.repository';

type Check = 'up' | 'down';

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthRepository,
    private readonly redis: RedisService,
    private readonly storage: Storage,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Liveness: the process answers' })
  live() {
    return { status: 'ok', uptime_s: Math.round(process.uptime()) };
  }

  @Get('ready')
  @ApiOperation({
    summary: 'Readiness: database, file storage (and Redis when configured); else 503',
  })
  async ready() {
    const checks: Record<string, Check> = {
      database: await this.health.ping().then(
        () => 'up' as const,
        () => 'down' as const,
      ),
    };
    checks.storage = await this.storage.check().then(
      () => 'up' as const,
      () => 'down' as const,
    );
    if (this.redis.enabled) checks.redis = (await this.redis.ping()) ? 'up' : 'down';
    const down = Object.keys(checks).filter((k) => checks[k] === 'down');
    if (down.length > 0) {
      throw new DomainError(503, 'service_unavailable', `Not ready: ${down.join(', ')} down`, {
        checks,
      });
    }
    return { status: 'ok', checks };
  }
}
