import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DomainsModule } from '../domains/domains.module';
import { LinksModule } from '../links/links.module';
import { Text } from './text.entity';
import { TextReadsService } from './text-reads.service';
import { TextRemovalListener } from './text-removal.listener';
import { TextsByIdController } from './texts-by-id.controller';
import { TextsBySlugController } from './texts-by-slug.controller';
import { TextsRepository } from './texts.repository';
import { TextsService } from './texts.service';

@Module({
  imports: [TypeOrmModule.forFeature([Text]), LinksModule, DomainsModule],
  controllers: [TextsBySlugController, TextsByIdController],
  providers: [TextsRepository, TextsService, TextReadsService, TextRemovalListener],
  exports: [TextReadsService, TextsService],
})
export class TextsModule {}
