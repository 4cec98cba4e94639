import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LinksModule } from '../links/links.module';
import { AccountController } from './account.controller';
import { Account } from './account.entity';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';
import { AdminBootstrapService } from './admin-bootstrap.service';
import { ApiToken } from './api-token.entity';
import { AuthCache } from './auth-cache';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { Plan } from './plan.entity';
import { PlansRepository } from './plans.repository';
import { PlansService } from './plans.service';
import { TokenCheckController } from './token-check.controller';
import { TokensController } from './tokens.controller';
import { TokensRepository } from './tokens.repository';
import { TokensService } from './tokens.service';
import { UsageController } from './usage.controller';
import { WebSession } from './sessions/web-session.entity';
import { WebSessionsRepository } from './sessions/web-sessions.repository';
import { WebSessionsService } from './sessions/web-sessions.service';

@Module({
  imports: [TypeOrmModule.forFeature([Plan, Account, ApiToken, WebSession]), LinksModule],
  controllers: [
    AuthController,
    TokensController,
    TokenCheckController,
    AccountController,
    UsageController,
  ],
  providers: [
    AuthCache,
    PlansRepository,
    PlansService,
    AccountsRepository,
    AccountsService,
    TokensRepository,
    TokensService,
    AuthService,
    AdminBootstrapService,
    WebSessionsRepository,
    WebSessionsService,
  ],
  exports: [AccountsService, TokensService, PlansService, AuthService, WebSessionsService],
})
export class AuthModule {}
