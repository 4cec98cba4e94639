import { Module } from '@nestjs/common';
import { LinksModule } from '../links/links.module';
import { QrCodesController } from './qr-codes.controller';
import { QrCodesService } from './qr-codes.service';

/** S.EE's `/qrcode` and `/qrcodes`; the images themselves are served by the web module. */
@Module({
  imports: [LinksModule],
  controllers: [QrCodesController],
  providers: [QrCodesService],
})
export class QrCodesModule {}
