import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Account } from './account.entity';
import { AccountsRepository } from './accounts.repository';
import { AccountsService } from './accounts.service';
import { AdminBootstrapService } from './admin-bootstrap.service';
import { ApiToken } from './api-token.entity';
import { AuthCache } from './auth-cache';
import { Plan } from './plans/plan.entity';
import { PlansRepository } from './plans/plans.repository';
import { PlanLimits } from './plans/plan-limits';
import { PlansService } from './plans/plans.service';
import { TokenCheckController } from './token-check.controller';
import { TokensController } from './tokens.controller';
import { TokensRepository } from './tokens.repository';
import { TokensService } from './tokens.service';
import { WebSession } from './sessions/web-session.entity';
import { WebSessionsRepository } from './sessions/web-sessions.repository';
import { WebSessionsService } from './sessions/web-sessions.service';

@Module({
  imports: [TypeOrmModule.forFeature([Plan, Account, ApiToken, WebSession])],
  controllers: [TokensController, TokenCheckController],
  providers: [
    AuthCache,
    PlansRepository,
    PlansService,
    PlanLimits,
    AccountsRepository,
    AccountsService,
    TokensRepository,
    TokensService,
    AdminBootstrapService,
    WebSessionsRepository,
    WebSessionsService,
  ],
  exports: [AccountsService, TokensService, PlansService, PlanLimits, WebSessionsService],
})
export class AuthModule {}
