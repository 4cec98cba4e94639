import { AuthModule } from '../auth/auth.module';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DomainsModule } from '../domains/domains.module';
import { LinksModule } from '../links/links.module';
import { CustomDomain } from './custom-domain.entity';
import { CustomDomainsController } from './custom-domains.controller';
import { CustomDomainsRepository } from './custom-domains.repository';
import { CustomDomainsService } from './custom-domains.service';
import { CustomDomainsState } from './custom-domains.state';
import { DnsChecker } from './dns-checker';
import { DomainRecheck } from './domain-recheck';
import { DomainListsController } from './domain-lists.controller';
import { TlsAllowedController } from './tls-allowed.controller';

/** Accounts' own domains, proven through DNS; the S.EE domain lists; the TLS `ask` endpoint. */
@Module({
  imports: [TypeOrmModule.forFeature([CustomDomain]), AuthModule, DomainsModule, LinksModule],
  controllers: [CustomDomainsController, DomainListsController, TlsAllowedController],
  providers: [
    CustomDomainsRepository,
    CustomDomainsService,
    CustomDomainsState,
    DnsChecker,
    DomainRecheck,
  ],
  exports: [CustomDomainsService],
})
export class CustomDomainsModule {}
