import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import { DomainError } from '../common/errors/domain-error';
import { VisitRecorder } from '../analytics/capture/visit-recorder';
import { Storage } from '../files/storage/storage';
import { RedisService } from '../redis/redis.service';
import { HealthRepository } from './health.repository';
import { ApiData, ApiErrors } from '../common/openapi-responses';
import { LivenessDto, ReadinessDto } from './health.dto';

type Check = 'up' | 'down';

const CHECK_TIMEOUT_MS = 2000;

/** 'up' when the check succeeds within CHECK_TIMEOUT_MS, 'down' otherwise. */
function upWithin(check: Promise<unknown>): Promise<Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Check>((resolve) => {
    timer = setTimeout(() => resolve('down'), CHECK_TIMEOUT_MS);
  });
  const outcome = check.then(
    () => 'up' as const,
    () => 'down' as const,
  );
  return Promise.race([outcome, timeout]).finally(() => clearTimeout(timer));
}

@ApiTags('health')
@Public()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthRepository,
    private readonly redis: RedisService,
    private readonly storage: Storage,
    private readonly visits: VisitRecorder,
  ) {}

  @Get()
  @ApiData(LivenessDto)
  @ApiOperation({ summary: 'Liveness: the process answers' })
  live() {
    return { status: 'ok', uptime_s: Math.round(process.uptime()) };
  }

  @Get('ready')
  @ApiData(ReadinessDto)
  @ApiErrors({ 503: ['service_unavailable'] })
  @ApiOperation({
    summary: 'Readiness: database, file storage (and Redis when configured); else 503',
  })
  async ready() {
    // Checked side by side, each within CHECK_TIMEOUT_MS: a frozen database is down, not slow.
    const [database, storage] = await Promise.all([
      upWithin(this.health.ping()),
      upWithin(this.storage.check()),
    ]);
    const checks: Record<string, Check> = { database, storage };
    if (this.redis.enabled) checks.redis = (await this.redis.ping()) ? 'up' : 'down';
    // Visits waiting for the database, and lost to a full queue since start (not a failure).
    const analytics = { visits_waiting: this.visits.waiting, visits_dropped: this.visits.dropped };
    const down = Object.keys(checks).filter((k) => checks[k] === 'down');
    if (down.length > 0) {
      throw new DomainError(503, 'service_unavailable', `Not ready: ${down.join(', ')} down`, {
        checks,
        analytics,
      });
    }
    return { status: 'ok', checks, analytics };
  }
}
