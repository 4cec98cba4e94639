import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { CurrentAccount } from '../auth/current-account.decorator';
import { ApiAuth } from '../common/openapi';
import { SignedQuery } from '../common/pipes/query-transforms';
import { DomainsService, ShareKind } from '../domains/domains.service';
import { ApiSeeData } from '../common/openapi-responses';
import { DomainListDto } from '../common/dto/results.dto';

/** S.EE: the domains a kind of share may be created on, the default first. */
@ApiTags('domains')
@ApiAuth()
@Controller('api/v1')
export class DomainListsController {
  constructor(private readonly domains: DomainsService) {}

  private list(kind: ShareKind, accountId: number) {
    return {
      domains: [...this.domains.systemHosts(kind), ...this.domains.customHostsOf(accountId)],
    };
  }

  @Get('domains')
  @ApiSeeData(DomainListDto)
  @ApiOperation({
    summary: 'S.EE: domains for short links (SHORT_DOMAINS, then your verified ones)',
  })
  links(@CurrentAccount() account: AuthenticatedAccount, @Query() _: SignedQuery) {
    return this.list('redirect', account.id);
  }

  @Get('text/domains')
  @ApiSeeData(DomainListDto)
  @ApiOperation({
    summary: 'S.EE: domains for text shares (TEXT_DOMAINS, then your verified ones)',
  })
  texts(@CurrentAccount() account: AuthenticatedAccount, @Query() _: SignedQuery) {
    return this.list('text', account.id);
  }

  @Get('file/domains')
  @ApiSeeData(DomainListDto)
  @ApiOperation({ summary: 'S.EE: domains for files (FILE_DOMAINS, then your verified ones)' })
  files(@CurrentAccount() account: AuthenticatedAccount, @Query() _: SignedQuery) {
    return this.list('file', account.id);
  }
}
