import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AccountsService } from '../auth/accounts.service';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { CurrentAccount } from '../auth/current-account.decorator';
import { ApiAuth } from '../auth/scopes/api-auth.decorator';
import { LinksService } from '../links/links.service';
import { UsageDataDto } from './dto/usage-data.dto';
import { UsageService } from '../auth/plans/usage.service';
import { limitOf, USAGE_METRICS, USAGE_PERIODS } from '../common/usage-limits';
import { ApiSeeData } from '../common/openapi-responses';

const MB = 1024 * 1024;

/** S.EE's `/usage`: today's and this month's counts against the plan. */
@ApiTags('account')
@ApiAuth('account:read')
@Controller('api/v1/usage')
export class UsageController {
  constructor(
    private readonly usage: UsageService,
    private readonly links: LinksService,
    private readonly accounts: AccountsService,
  ) {}

  @Get()
  @ApiSeeData(UsageDataDto)
  @ApiOperation({
    summary: 'Counts of today and this month (UTC) against the plan; -1: unlimited',
    description: 'This call counts as an API call too. Storage is in MB with 2 decimals, as text.',
  })
  async get(@CurrentAccount() account: AuthenticatedAccount): Promise<UsageDataDto> {
    const [counts, kinds, stored] = await Promise.all([
      this.usage.report(account.id),
      this.links.countByKind(account.id),
      this.accounts.storageBytes(account.id),
    ]);
    const data: Record<string, number | string> = {};
    for (const metric of USAGE_METRICS) {
      for (const period of USAGE_PERIODS) {
        data[`${metric}_count_${period}`] = counts(metric, period);
        data[`${metric}_count_${period}_limit`] = limitOf(account.usageLimits, metric, period);
      }
    }
    return {
      ...(data as unknown as UsageDataDto),
      file_count: kinds.file ?? 0,
      storage_usage_mb: (stored / MB).toFixed(2),
      storage_usage_limit_mb: (account.storageQuotaBytes / MB).toFixed(2),
    };
  }
}
