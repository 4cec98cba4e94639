import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../../auth/auth.module';
import { Env } from '../../config/env';
import { FilesModule } from '../files.module';
import { LinksModule } from '../../links/links.module';
import { LargeUploadsController } from './large-uploads.controller';
import { LargeUploadsService } from './large-uploads.service';
import { TusController } from './tus.controller';
import { TusHandler } from './tus-handler';
import { LargeUploadStore } from './large-upload-store';
import { LocalTusStore } from './local-tus-store';
import { S3TusStore } from './s3-tus-store';
import { Storage } from '../storage/storage';
import { UploadSession } from './upload-session.entity';
import { UploadSessionsRepository } from './upload-sessions.repository';
import { UploadSweeper } from './upload-sweeper';
import { UploadEnds } from './upload-ends';
import { UploadFinisher } from './upload-finisher';
import { FastUploads } from './fast-uploads';
import { MemoryLocker } from '@tus/server';
import { RedisService } from '../../redis/redis.service';
import { SharedTusLocker, TUS_LOCKER } from './shared-tus-locker';

/** Resumable uploads: S.EE's large-file calls and the tus endpoint. */
@Module({
  imports: [TypeOrmModule.forFeature([UploadSession]), FilesModule, AuthModule, LinksModule],
  controllers: [LargeUploadsController, TusController],
  providers: [
    {
      provide: LargeUploadStore,
      // On S3 the bytes go straight into the bucket, so any instance can take the next chunk.
      useFactory: (env: Env, storage: Storage) =>
        env.STORAGE_DRIVER === 's3' ? new S3TusStore(env) : new LocalTusStore(env, storage),
      inject: [Env, Storage],
    },
    {
      provide: TUS_LOCKER,
      // With Redis, an upload is locked across instances (any of them can take its next chunk).
      useFactory: (redis: RedisService) =>
        redis.enabled ? new SharedTusLocker(redis) : new MemoryLocker(),
      inject: [RedisService],
    },
    UploadSessionsRepository,
    LargeUploadsService,
    UploadEnds,
    UploadFinisher,
    FastUploads,
    TusHandler,
    UploadSweeper,
  ],
})
export class LargeUploadsModule {}
