import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { FilesModule } from '../files/files.module';
import { uploadMulterModule } from '../files/upload/upload-multer.module';
import { FileApiController } from './file-api/file-api.controller';
import { SmmsController } from './smms-v2/smms.controller';
import { SmmsService } from './smms-v2/smms.service';

/** The spec's `{base_url}/file` layer (file-api/) and the SM.MS v2 drop-in (smms-v2/). */
@Module({
  imports: [AuthModule, FilesModule, uploadMulterModule()],
  controllers: [FileApiController, SmmsController],
  providers: [SmmsService],
})
export class CompatModule {}
