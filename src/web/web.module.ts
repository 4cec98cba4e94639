import { Module } from '@nestjs/common';
import { FilesModule } from '../files/files.module';
import { LinksModule } from '../links/links.module';
import { TextsModule } from '../texts/texts.module';
import { PublicLinksController } from './public-links.controller';

/** Public pages. Imported last in AppModule: `/:slug` must not shadow any other route. */
@Module({ imports: [LinksModule, TextsModule, FilesModule], controllers: [PublicLinksController] })
export class WebModule {}
