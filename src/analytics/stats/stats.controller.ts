import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../../auth/authenticated-account';
import { CurrentAccount } from '../../auth/current-account.decorator';
import { ApiAuth } from '../../auth/scopes/api-auth.decorator';
import { csvDownload } from '../../common/csv-download';
import { IdPipe } from '../../common/pipes/id.pipe';
import { StatsQuery } from './dto/stats.query';
import { VisitLogQuery } from './dto/visit-log.query';
import { VisitStatQuery } from './dto/visit-stat.query';
import { StatsService } from './stats.service';
import { visitsCsv } from './visits-csv';
import { ApiData, ApiErrors, ApiSeeData } from '../../common/openapi-responses';
import {
  AccountStatsDto,
  LinkStatsDto,
  OrphanDomainDto,
  VisitCountDto,
  VisitLogEntryDto,
} from './dto/stats.dto';

const UNIQUES =
  'uniques: distinct visitors per UTC day. The visitor hash (of IP and User-Agent; no IP is ' +
  'stored) is salted anew every UTC day, so a person seen on two days counts twice; each is ' +
  'counted in the bucket of their first visit that day, so the series adds up to the total. ' +
  'Series and totals count whole quarter-hours, top lists whole hours. Bots are left out ' +
  'unless bots=include|only.';
const FRESHNESS =
  'A visit is counted about a second after it; on SQLite under heavy load (thousands a second) ' +
  'the counts follow the raw visit log by up to about eleven seconds.';

@ApiTags('analytics')
@ApiAuth('stats:read')
// Full paths: S.EE's routes here span several nouns (bio and bios), and each is found by grep.
@Controller()
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  @Get('api/v1/link/visit-stat')
  @ApiSeeData(VisitCountDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({
    summary: 'S.EE: visits of a share by people (bots excluded): today, this month or ever (UTC)',
  })
  visitStat(@CurrentAccount() account: AuthenticatedAccount, @Query() q: VisitStatQuery) {
    return this.stats.visitCount(account.id, { domain: q.domain, slug: q.slug }, q.period);
  }

  @Get('api/v1/links/:id/stats')
  @ApiData(LinkStatsDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({
    summary: 'Visits of a share: totals, a series in your time zone, top referrers and more',
    description: `${UNIQUES} ${FRESHNESS}`,
  })
  linkStats(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', IdPipe) id: number,
    @Query() q: StatsQuery,
  ) {
    return this.stats.linkStats(account.id, id, q);
  }

  @Get('api/v1/stats')
  @ApiData(AccountStatsDto)
  @ApiOperation({
    summary: 'Visits of all your shares: totals, series, top lists and your most visited shares',
    description: `${UNIQUES} Account uniques add up the uniques of each share. ${FRESHNESS}`,
  })
  accountStats(@CurrentAccount() account: AuthenticatedAccount, @Query() q: StatsQuery) {
    return this.stats.accountStats(account.id, q);
  }

  @Get('api/v1/stats/orphans')
  @ApiData([OrphanDomainDto])
  @ApiOperation({
    summary: 'Visits of addresses no share holds, per domain and path (your domains; admins: all)',
  })
  orphans(@CurrentAccount() account: AuthenticatedAccount) {
    return this.stats.orphans(account.id, account.isAdmin);
  }

  @Get('api/v1/links/:id/visits')
  @ApiData([VisitLogEntryDto], { description: 'format=json (default); format=csv: text/csv' })
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'The raw visit log of a share, newest first (no IP addresses)' })
  @ApiProduces('application/json', 'text/csv')
  async visitLog(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', IdPipe) id: number,
    @Query() q: VisitLogQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    if (q.format === 'json') return this.stats.visitLog(account.id, id, q.page, q.per_page);
    // Owner check first, so another account's share is a 404 and not an empty file.
    const pages = await this.stats.visitLogPages(account.id, id);
    return csvDownload(visitsCsv(pages), `visits-${id}.csv`, res);
  }
}
