import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LinksModule } from '../links/links.module';
import { TextPagesService } from './text-pages.service';
import { Text } from './text.entity';
import { TextsResourceController } from './texts-resource.controller';
import { TextsController } from './texts.controller';
import { TextsRepository } from './texts.repository';
import { TextsService } from './texts.service';

@Module({
  imports: [TypeOrmModule.forFeature([Text]), LinksModule],
  controllers: [TextsController, TextsResourceController],
  providers: [TextsRepository, TextsService, TextPagesService],
  exports: [TextPagesService],
})
export class TextsModule {}
