import { Body, Controller, Get, Patch } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAccount } from '../auth/current-account.decorator';
import { ApiAuth } from '../auth/scopes/api-auth.decorator';
import { AccountOverviewService } from './account-overview.service';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { AccountDto, AccountSettingsDto } from './dto/account.dto';
import { ApiData } from '../common/openapi-responses';

@ApiTags('account')
@ApiAuth('account:read')
@Controller('api/v1/account')
export class AccountController {
  constructor(private readonly overview: AccountOverviewService) {}

  @Get()
  @ApiData(AccountDto)
  @ApiOperation({ summary: 'The account, its plan and its usage (sizes in bytes)' })
  get(@CurrentAccount() account: AuthenticatedAccount): Promise<AccountDto> {
    return this.overview.describe(account.id);
  }

  @Patch()
  @ApiAuth('links:write')
  @ApiData(AccountDto)
  @ApiOperation({ summary: "The account's settings: watch_targets" })
  change(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: AccountSettingsDto,
  ): Promise<AccountDto> {
    return this.overview.change(account.id, dto);
  }
}
