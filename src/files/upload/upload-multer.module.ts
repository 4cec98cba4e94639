import { MulterModule } from '@nestjs/platform-express';
import { StorageModule } from '../storage/storage.module';
import { Storage } from '../storage/storage';
import { Env } from '../../config/env';
import { StreamingStorageEngine } from './streaming-storage-engine';

/** multer for the modules whose controllers take uploads (the engine needs the storage driver). */
export const uploadMulterModule = () =>
  MulterModule.registerAsync({
    imports: [StorageModule],
    inject: [Storage, Env],
    useFactory: (storage: Storage, env: Env) => ({
      storage: new StreamingStorageEngine(storage, env.UPLOAD_KEEP_METADATA),
      defParamCharset: 'utf8',
      limits: { fields: 20, fieldSize: 4096, parts: 25 },
    }),
  });
