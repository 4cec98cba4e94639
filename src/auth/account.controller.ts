import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentAccount } from './current-account.decorator';
import { ApiAuth } from '../common/openapi';
import { AccountsService } from './accounts.service';
import type { AuthenticatedAccount } from './authenticated-account';
import { AccountDto } from './dto/account.dto';
import { ApiData } from '../common/openapi-responses';

@ApiTags('account')
@ApiAuth()
@Controller('api/v1/account')
export class AccountController {
  constructor(private readonly accounts: AccountsService) {}

  @Get()
  @ApiData(AccountDto)
  @ApiOperation({ summary: 'The account, its plan and its usage (sizes in bytes)' })
  get(@CurrentAccount() account: AuthenticatedAccount): Promise<AccountDto> {
    return this.accounts.describe(account.id);
  }
}
