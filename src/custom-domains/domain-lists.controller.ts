import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { CurrentAccount } from '../auth/current-account.decorator';
import { ApiAuth } from '../auth/scopes/api-auth.decorator';
import { SignedQuery } from '../common/pipes/query-transforms';
import { DomainsService, ShareKind } from '../domains/domains.service';
import { ApiSeeData } from '../common/openapi-responses';
import { DomainListDto } from '../common/dto/results.dto';

/** S.EE: the domains a kind of share may be created on, the default first. */
@ApiTags('domains')
@ApiAuth('any')
// Full paths: S.EE's routes here span several nouns (bio and bios), and each is found by grep.
@Controller()
export class DomainListsController {
  constructor(private readonly domains: DomainsService) {}

  private list(kind: ShareKind, accountId: number) {
    return {
      domains: [...this.domains.systemHosts(kind), ...this.domains.customHostsOf(accountId)],
    };
  }

  @Get('api/v1/domains')
  @ApiSeeData(DomainListDto)
  @ApiOperation({
    summary: 'S.EE: domains for short links (SHORT_DOMAINS, then your verified ones)',
  })
  links(@CurrentAccount() account: AuthenticatedAccount, @Query() _: SignedQuery) {
    return this.list('redirect', account.id);
  }

  @Get('api/v1/text/domains')
  @ApiSeeData(DomainListDto)
  @ApiOperation({
    summary: 'S.EE: domains for text shares (TEXT_DOMAINS, then your verified ones)',
  })
  texts(@CurrentAccount() account: AuthenticatedAccount, @Query() _: SignedQuery) {
    return this.list('text', account.id);
  }

  @Get('api/v1/file/domains')
  @ApiSeeData(DomainListDto)
  @ApiOperation({ summary: 'S.EE: domains for files (FILE_DOMAINS, then your verified ones)' })
  files(@CurrentAccount() account: AuthenticatedAccount, @Query() _: SignedQuery) {
    return this.list('file', account.id);
  }
}
