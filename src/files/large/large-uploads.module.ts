import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../../auth/auth.module';
import { Env } from '../../config/env';
import { FilesModule } from '../files.module';
import { LargeUploadsController } from './large-uploads.controller';
import { LargeUploadsService } from './large-uploads.service';
import { TusController } from './tus.controller';
import { TusHandler } from './tus-handler';
import { TusStore } from './tus-store';
import { UploadSession } from './upload-session.entity';
import { UploadSessionsRepository } from './upload-sessions.repository';
import { UploadSweeper } from './upload-sweeper';
import { UploadEnds } from './upload-ends';
import { UploadFinisher } from './upload-finisher';
import { FastUploads } from './fast-uploads';

/** Resumable uploads: S.EE's large-file calls and the tus endpoint. */
@Module({
  imports: [TypeOrmModule.forFeature([UploadSession]), FilesModule, AuthModule],
  controllers: [LargeUploadsController, TusController],
  providers: [
    { provide: TusStore, useFactory: (env: Env) => new TusStore(env), inject: [Env] },
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
