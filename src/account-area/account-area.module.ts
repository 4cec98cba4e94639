import { Module } from '@nestjs/common';
import { StatsModule } from '../analytics/stats/stats.module';
import { AccountModule } from '../account/account.module';
import { AuthModule } from '../auth/auth.module';
import { DomainsModule } from '../domains/domains.module';
import { LinksModule } from '../links/links.module';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
import { AdminModule } from '../admin/admin.module';
import { TextsModule } from '../texts/texts.module';
import { CustomDomainsModule } from '../custom-domains/custom-domains.module';
import { FilesModule } from '../files/files.module';
import { TagsModule } from '../tags/tags.module';
import { AssetsController } from './assets.controller';
import { AnalyticsPageController } from './analytics-page.controller';
import { TagsPageController } from './tags-page.controller';
import { DomainsPageController } from './domains-page.controller';
import { FilesPageController } from './files-page.controller';
import { FileThumbsController } from './file-thumbs.controller';
import { BundlesPageController } from './bundles-page.controller';
import { BundlesModule } from '../bundles/bundles.module';
import { FileEditController } from './file-edit.controller';
import { ShareTargetController } from './share-target.controller';
import { BioPagesController } from './bio-pages.controller';
import { BioEditController } from './bio-edit.controller';
import { BioPagesView } from './bio-pages.view';
import { TextsPageController } from './texts-page.controller';
import { TextEditController } from './text-edit.controller';
import { LoginController } from './login.controller';
import { SignupController } from './signup.controller';
import { LogoutController } from './logout.controller';
import { AdminPageController } from './admin/admin-page.controller';
import { AdminTakeDownController } from './admin/admin-takedown.controller';
import { AdminDomainsPageController } from './admin/admin-domains-page.controller';
import { AdminGuard } from './admin/admin.guard';
import { AdminReportsPageController } from './admin/admin-reports-page.controller';
import { ReportController } from './report.controller';
import { IntegrationsPageController } from './integrations-page.controller';
import { LinkEditController } from './link-edit.controller';
import { LinkRulesPageController } from './link-rules-page.controller';
import { LinkWatchPageController } from './link-watch-page.controller';
import { LinkSplitPageController } from './link-split-page.controller';
import { ShareQrController } from './share-qr.controller';
import { LinksPageController } from './links-page.controller';
import { OverviewController } from './overview.controller';
import { AnalyticsPageView } from './analytics-page.view';
import { LinksPageView } from './links-page.view';
import { DomainsPageView } from './domains-page.view';
import { FilesPageView } from './files-page.view';
import { FileEditView } from './file-edit.view';
import { FrontDoorView } from './front-door.view';
import { LinkEditView } from './link-edit.view';
import { TextEditView } from './text-edit.view';
import { AdminAccountsView } from './admin/admin-accounts.view';
import { AdminReportsView } from './admin/admin-reports.view';
import { AdminTakedownsView } from './admin/admin-takedowns.view';
import { AdminTakedownsPageController } from './admin/admin-takedowns-page.controller';
import { AdminSharePreviewController } from './admin/admin-share-preview.controller';
import { OverviewView } from './overview.view';
import { Pages } from './pages';
import { TextsPageView } from './texts-page.view';
import { SecurityPageController } from './security-page.controller';
import { SecurityPageView } from './security-page.view';
import { TwoFactorActions } from './two-factor-actions';
import { TwoFactorPageController } from './two-factor-page.controller';
import { SecondFactorController } from './second-factor.controller';
import { PasswordResetController } from './password-reset.controller';
import { VerifyEmailController } from './verify-email.controller';
import { SingleSignOnController } from './single-sign-on.controller';
import { PasskeysPageController } from './passkeys-page.controller';
import { PasskeyLoginController } from './passkey-login.controller';
import { AdminAccountKeysController } from './admin/admin-account-keys.controller';
import { AdminSecurityPageController } from './admin/admin-security-page.controller';
import { AdminSecurityView } from './admin/admin-security.view';
import { SessionGuard } from './session.guard';
import { EventsModule } from '../events/events.module';
import { TokensPageController } from './tokens-page.controller';
import { WebhooksPageController } from './webhooks-page.controller';
import { WebhooksPageView } from './webhooks-page.view';
import { ActivityPageController, AdminActivityPageController } from './activity-page.controller';
import { ActivityPageView } from './activity-page.view';
import { BioModule } from '../bio/bio.module';
import { uploadMulterModule } from '../files/upload/upload-multer.module';

/** The web side for people: the front door (sign up, log in) and the account area. */
@Module({
  imports: [
    AuthModule,
    AccountModule,
    LinksModule,
    StatsModule,
    TagsModule,
    DomainsModule,
    FilesModule,
    CustomDomainsModule,
    TextsModule,
    BioModule,
    BundlesModule,
    AdminModule,
    EventsModule,
    RateLimitModule,
    // The share target takes a phone's shared file through the one upload pipeline.
    uploadMulterModule(),
  ],
  controllers: [
    AssetsController,
    LoginController,
    SignupController,
    LogoutController,
    OverviewController,
    LinksPageController,
    LinkEditController,
    LinkRulesPageController,
    LinkWatchPageController,
    LinkSplitPageController,
    ShareQrController,
    TextsPageController,
    TextEditController,
    FilesPageController,
    FileThumbsController,
    BundlesPageController,
    FileEditController,
    ShareTargetController,
    BioPagesController,
    BioEditController,
    DomainsPageController,
    AnalyticsPageController,
    TagsPageController,
    TokensPageController,
    WebhooksPageController,
    ActivityPageController,
    AdminActivityPageController,
    IntegrationsPageController,
    AdminPageController,
    AdminTakeDownController,
    AdminDomainsPageController,
    AdminReportsPageController,
    AdminTakedownsPageController,
    AdminSharePreviewController,
    ReportController,
    SecurityPageController,
    TwoFactorPageController,
    SecondFactorController,
    PasswordResetController,
    VerifyEmailController,
    SingleSignOnController,
    PasskeysPageController,
    PasskeyLoginController,
    AdminAccountKeysController,
    AdminSecurityPageController,
  ],
  providers: [
    Pages,
    SessionGuard,
    AdminGuard,
    LinksPageView,
    WebhooksPageView,
    ActivityPageView,
    TextsPageView,
    AnalyticsPageView,
    OverviewView,
    FrontDoorView,
    AdminAccountsView,
    AdminReportsView,
    AdminTakedownsView,
    DomainsPageView,
    LinkEditView,
    TextEditView,
    FilesPageView,
    FileEditView,
    BioPagesView,
    SecurityPageView,
    TwoFactorActions,
    AdminSecurityView,
  ],
  exports: [Pages],
})
export class AccountAreaModule {}
