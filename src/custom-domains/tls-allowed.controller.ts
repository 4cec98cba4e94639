import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Public } from '../common/decorators/public.decorator';
import { notFound } from '../common/errors/domain-error';
import { SignedQuery } from '../common/pipes/query-transforms';
import { DomainsService, normalizeHost } from '../domains/domains.service';
import { ApiData, ApiErrors } from '../common/openapi-responses';

class TlsAllowedDto {
  @ApiProperty() domain!: string;
  @ApiProperty({ enum: [true] }) allowed!: true;
}

class TlsAllowedQuery extends SignedQuery {
  @IsString() @MaxLength(300) domain!: string;
}

/**
 * Caddy's on-demand TLS asks here before it gets a certificate for a host: 200 for operator
 * domains and verified custom domains, 404 for anything else (so nobody can make the proxy
 * request certificates for names that are not ours).
 */
@ApiTags('operations')
@Public()
@Controller('internal')
export class TlsAllowedController {
  constructor(private readonly domains: DomainsService) {}

  @Get('tls-allowed')
  @ApiData(TlsAllowedDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Caddy on_demand_tls `ask`: 200 for our hosts, 404 otherwise' })
  allowed(@Query() q: TlsAllowedQuery) {
    if (!this.domains.serves(normalizeHost(q.domain))) throw notFound('Domain');
    return { domain: normalizeHost(q.domain), allowed: true };
  }
}
