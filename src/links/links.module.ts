import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DomainsModule } from '../domains/domains.module';
import { TagsModule } from '../tags/tags.module';
import { Link } from './link.entity';
import { LinksController } from './links.controller';
import { LinksRepository } from './links.repository';
import { LinksService } from './links.service';
import { ClickBuffer } from './redirect/click-buffer';
import { LinkPasswordCookie, LinkPasswordThrottle } from './redirect/link-password';
import { RedirectCache } from './redirect/redirect-cache';
import { VisitsService } from './redirect/visits.service';
import { ShortenController } from './shorten.controller';
import { plainTextErrors } from './simple-mode.middleware';

@Module({
  imports: [TypeOrmModule.forFeature([Link]), DomainsModule, TagsModule],
  controllers: [ShortenController, LinksController],
  providers: [
    LinksRepository,
    LinksService,
    RedirectCache,
    ClickBuffer,
    LinkPasswordCookie,
    LinkPasswordThrottle,
    VisitsService,
  ],
  exports: [LinksService, VisitsService, RedirectCache, ClickBuffer, DomainsModule],
})
export class LinksModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(plainTextErrors)
      .forRoutes({ path: 'api/v1/shorten', method: RequestMethod.GET });
  }
}
