import { SharedBytes } from './shared-bytes';
import { PrivateFilesController } from './private-files.controller';
import { PrivateFilesService } from './private-files.service';
import { PrivateUrls } from './private-urls';
import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { DomainsModule } from '../domains/domains.module';
import { LinksModule } from '../links/links.module';
import { FileRemovalListener } from './file-removal.listener';
import { StoredFile } from './file.entity';
import { FilesController } from './files.controller';
import { FilesRepository } from './files.repository';
import { FilesService } from './files.service';
import { StorageModule } from './storage/storage.module';
import { Thumbnails } from './media/thumbnails';

/** File shares: records, storage drivers, the upload engine. Upload routes live in compat/. */
@Module({
  imports: [
    TypeOrmModule.forFeature([StoredFile]),
    LinksModule,
    DomainsModule,
    AuthModule,
    StorageModule,
    AnalyticsModule,
  ],
  controllers: [FilesController, PrivateFilesController],
  providers: [
    FilesRepository,
    FilesService,
    SharedBytes,
    FileRemovalListener,
    PrivateUrls,
    PrivateFilesService,
    Thumbnails,
  ],
  exports: [FilesService, SharedBytes, PrivateFilesService, Thumbnails, StorageModule],
})
export class FilesModule {}
