import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LinksModule } from '../links/links.module';
import { BioPage } from './bio-page.entity';
import { BioPagesRepository } from './bio-pages.repository';
import { BioRemovalListener } from './bio-removal.listener';
import { BioController } from './bio.controller';
import { BioService } from './bio.service';

/** Link-in-bio pages; their public page is rendered by the web module. */
@Module({
  imports: [TypeOrmModule.forFeature([BioPage]), LinksModule],
  controllers: [BioController],
  providers: [BioPagesRepository, BioService, BioRemovalListener],
  exports: [BioService],
})
export class BioModule {}
