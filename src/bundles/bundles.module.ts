import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { FilesModule } from '../files/files.module';
import { uploadMulterModule } from '../files/upload/upload-multer.module';
import { LinksModule } from '../links/links.module';
import { Bundle, BundleFile } from './bundle.entity';
import { BundleFilesController } from './bundle-files.controller';
import { BundleFilesService } from './bundle-files.service';
import { BundleRemovalListener } from './bundle-removal.listener';
import { BundlesController } from './bundles.controller';
import { BundlesRepository } from './bundles.repository';
import { BundlesService } from './bundles.service';

/** Bundles of files under one address; their public page and zip are the web module's. */
@Module({
  imports: [
    TypeOrmModule.forFeature([Bundle, BundleFile]),
    LinksModule,
    FilesModule,
    AuthModule,
    uploadMulterModule(),
  ],
  controllers: [BundlesController, BundleFilesController],
  providers: [BundlesRepository, BundlesService, BundleFilesService, BundleRemovalListener],
  exports: [BundlesService],
})
export class BundlesModule {}
