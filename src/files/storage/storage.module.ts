import { Module } from '@nestjs/common';
import { Env } from '../../config/env';
import { LocalStorage } from './local.storage';
import { S3Storage } from './s3.storage';
import { Storage } from './storage';
import { StorageSweeper } from './storage-sweeper';

/** The storage driver chosen by STORAGE_DRIVER. */
@Module({
  providers: [
    {
      provide: Storage,
      inject: [Env],
      useFactory: (env: Env) =>
        env.STORAGE_DRIVER === 's3' ? new S3Storage(env) : new LocalStorage(env.STORAGE_LOCAL_DIR),
    },
    StorageSweeper,
  ],
  exports: [Storage],
})
export class StorageModule {}
