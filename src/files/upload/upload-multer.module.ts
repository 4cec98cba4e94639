import { MulterModule } from '@nestjs/platform-express';
import { StorageModule } from '../storage/storage.module';
import { Storage } from '../storage/storage';
import { StreamingStorageEngine } from './streaming-storage-engine';

/** multer for the modules whose controllers take uploads (the engine needs the storage driver). */
export const uploadMulterModule = () =>
  MulterModule.registerAsync({
    imports: [StorageModule],
    inject: [Storage],
    useFactory: (storage: Storage) => ({
      storage: new StreamingStorageEngine(storage),
      defParamCharset: 'utf8',
      limits: { fields: 20, fieldSize: 4096, parts: 25 },
    }),
  });
