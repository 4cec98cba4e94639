import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../../auth/authenticated-account';
import { CurrentAccount } from '../../auth/current-account.decorator';
import { ApiAuth } from '../../common/openapi';
import { IdPipe } from '../../common/pipes/id.pipe';
import { StatsQuery } from './dto/stats.query';
import { PageQuery } from '../../common/pagination';
import { VisitStatQuery } from './dto/visit-stat.query';
import { StatsService } from './stats.service';

@ApiTags('analytics')
@ApiAuth()
@Controller('api/v1')
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get('link/visit-stat')
  @ApiOperation({
    summary: 'S.EE: visits of a share by people (bots excluded): today, this month or all kept',
  })
  visitStat(@CurrentAccount() account: AuthenticatedAccount, @Query() q: VisitStatQuery) {
    return this.stats.visitCount(account.id, { domain: q.domain, slug: q.slug }, q.period);
  }

  @Get('links/:id/stats')
  @ApiOperation({
    summary: 'Visits of a share: totals, a series in your time zone, top referrers and more',
    description:
      'uniques: distinct visitors per day (the visitor hash is salted anew every UTC day, so a ' +
      'person seen on two days counts twice). Bots are excluded unless bots=include|only.',
  })
  linkStats(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', IdPipe) id: number,
    @Query() q: StatsQuery,
  ) {
    return this.stats.linkStats(account.id, id, q);
  }

  @Get('links/:id/visits')
  @ApiOperation({ summary: 'The raw visit log of a share, newest first (no IP addresses)' })
  visitLog(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', IdPipe) id: number,
    @Query() q: PageQuery,
  ) {
    return this.stats.visitLog(account.id, id, q.page, q.per_page);
  }
}
