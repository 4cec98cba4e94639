import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Env } from '../config/env';
import { LinksModule } from '../links/links.module';
import { FileBytesController } from './file-bytes.controller';
import { FileServer } from './file-server';
import { StoredFile } from './file.entity';
import { FilesController } from './files.controller';
import { FilesRepository } from './files.repository';
import { FilesService } from './files.service';
import { LocalStorage } from './storage/local.storage';
import { S3Storage } from './storage/s3.storage';
import { Storage } from './storage/storage';

@Module({
  imports: [TypeOrmModule.forFeature([StoredFile]), LinksModule],
  controllers: [FilesController, FileBytesController],
  providers: [
    {
      provide: Storage,
      inject: [Env],
      useFactory: (env: Env) =>
        env.STORAGE_DRIVER === 's3' ? new S3Storage(env) : new LocalStorage(env.STORAGE_LOCAL_DIR),
    },
    FilesRepository,
    FilesService,
    FileServer,
  ],
  exports: [FilesService, FileServer, Storage],
})
export class FilesModule {}
