import { Module } from '@nestjs/common';
import { AccountAreaModule } from '../account-area/account-area.module';
import { AuthModule } from '../auth/auth.module';
import { BioModule } from '../bio/bio.module';
import { ErrorPages } from '../common/filters/error-pages';
import { DomainsModule } from '../domains/domains.module';
import { FilesModule } from '../files/files.module';
import { LinksModule } from '../links/links.module';
import { TextsModule } from '../texts/texts.module';
import { WebErrorPages } from './error-pages';
import { PublicBrand } from './public-brand';
import { OEmbedController } from './oembed/oembed.controller';
import { OEmbedService } from './oembed/oembed.service';
import { BundleZip } from './bundle-zip';
import { BundlesModule } from '../bundles/bundles.module';
import { FileBytesController } from './file-bytes.controller';
import { FileServer } from './file-server';
import { HomeController } from './home.controller';
import { ShareResponder } from './share-responder';
import { QrCodeController } from './qr-code.controller';
import { QrImageCache } from '../qr/qr-image-cache';
import { TextPageCache } from './text-page-cache';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { ShortAddressController } from './short-address.controller';

/**
 * The public side: `/<slug>`, `/<slug>/raw`, `/<slug>/qr.png|svg|pdf`, the unlock form, `/u/...` file bytes, every page
 * template and the one header policy. Imported last in AppModule: `/:slug` must not shadow any
 * other route.
 */
@Module({
  imports: [
    LinksModule,
    TextsModule,
    FilesModule,
    DomainsModule,
    BioModule,
    BundlesModule,
    AccountAreaModule,
    AuthModule,
    RateLimitModule,
  ],
  controllers: [
    HomeController,
    FileBytesController,
    QrCodeController,
    OEmbedController,
    ShortAddressController,
  ],
  providers: [
    ShareResponder,
    FileServer,
    QrImageCache,
    TextPageCache,
    PublicBrand,
    OEmbedService,
    BundleZip,
    { provide: ErrorPages, useClass: WebErrorPages },
  ],
  exports: [ErrorPages],
})
export class WebModule {}
