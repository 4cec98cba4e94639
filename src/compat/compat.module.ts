import { Module } from '@nestjs/common';
import { AccountModule } from '../account/account.module';
import { AuthModule } from '../auth/auth.module';
import { FilesModule } from '../files/files.module';
import { uploadMulterModule } from '../files/upload/upload-multer.module';
import { FileApiController } from './file-api/file-api.controller';
import { SmmsController } from './smms-v2/smms.controller';
import { SmmsService } from './smms-v2/smms.service';
import { YourlsController } from './yourls/yourls.controller';
import { YourlsService } from './yourls/yourls.service';
import { LinksModule } from '../links/links.module';

/** The spec's `{base_url}/file` layer (file-api/), the SM.MS v2 drop-in (smms-v2/), YOURLS (yourls/). */
@Module({
  imports: [AuthModule, AccountModule, FilesModule, LinksModule, uploadMulterModule()],
  controllers: [FileApiController, SmmsController, YourlsController],
  providers: [SmmsService, YourlsService],
})
export class CompatModule {}
