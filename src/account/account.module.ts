import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { LinksModule } from '../links/links.module';
import { AccountOverviewService } from './account-overview.service';
import { AccountController } from './account.controller';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { ByMailController } from './by-mail.controller';

/** The account's own API calls: sign-up, log-in, and the account with its counts. */
@Module({
  imports: [AuthModule, LinksModule],
  controllers: [AuthController, AccountController, ByMailController],
  providers: [AuthService, AccountOverviewService],
  exports: [AuthService, AccountOverviewService],
})
export class AccountModule {}
