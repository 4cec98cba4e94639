import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { RateLimitModule } from '../rate-limit/rate-limit.module';
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
import { LoginChallenges } from './two-factor/login-challenges';
import { RecoveryCode, TwoFactor } from './two-factor/two-factor.entity';
import { TwoFactorPolicy } from './two-factor/two-factor-policy';
import { TwoFactorRepository } from './two-factor/two-factor.repository';
import { TwoFactorService } from './two-factor/two-factor.service';
import { SecurityLog } from './security-log/security-log.service';
import { Invite } from './invites/invite.entity';
import { InvitesRepository } from './invites/invites.repository';
import { InvitesService } from './invites/invites.service';
import { EmailToken } from './email-tokens/email-token.entity';
import { EmailTokensRepository } from './email-tokens/email-tokens.repository';
import { EmailTokens } from './email-tokens/email-tokens.service';
import { PasswordResets } from './email-tokens/password-resets.service';
import { EmailChecks } from './email-tokens/email-checks.service';
import { OidcIdentity } from './oidc/oidc-identity.entity';
import { OidcIdentitiesRepository } from './oidc/oidc-identities.repository';
import { SingleSignOn } from './oidc/single-sign-on.service';
import { Passkey } from './passkeys/passkey.entity';
import { PasskeysRepository } from './passkeys/passkeys.repository';
import { Passkeys } from './passkeys/passkeys.service';

@Module({
  imports: [
    RateLimitModule,
    TypeOrmModule.forFeature([
      Plan,
      Account,
      ApiToken,
      WebSession,
      TwoFactor,
      RecoveryCode,
      Invite,
      EmailToken,
      OidcIdentity,
      Passkey,
    ]),
  ],
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
    TwoFactorRepository,
    TwoFactorService,
    TwoFactorPolicy,
    LoginChallenges,
    SecurityLog,
    InvitesRepository,
    InvitesService,
    EmailTokensRepository,
    EmailTokens,
    PasswordResets,
    EmailChecks,
    OidcIdentitiesRepository,
    SingleSignOn,
    PasskeysRepository,
    Passkeys,
  ],
  exports: [
    AccountsService,
    TokensService,
    PlansService,
    PlanLimits,
    WebSessionsService,
    TwoFactorService,
    TwoFactorPolicy,
    LoginChallenges,
    SecurityLog,
    InvitesService,
    PasswordResets,
    EmailChecks,
    SingleSignOn,
    Passkeys,
  ],
})
export class AuthModule {}
