import { Injectable } from '@nestjs/common';
import { Env } from '../config/env';
import { DomainError } from '../common/errors/domain-error';
import { AccountsService } from '../auth/accounts.service';
import { SessionDto } from './dto/account.dto';
import { TokensService } from '../auth/tokens.service';
import { AccountOverviewService } from './account-overview.service';

@Injectable()
export class AuthService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly tokens: TokensService,
    private readonly overview: AccountOverviewService,
    private readonly env: Env,
  ) {}

  async signup(email: string, password: string): Promise<SessionDto> {
    return this.session(await this.register(email, password), 'sign-up');
  }

  /** A new account on the default plan, unless sign-up is closed; answers its id. */
  async register(email: string, password: string): Promise<number> {
    if (this.env.AUTH_SIGNUP === 'closed') {
      throw new DomainError(403, 'signup_closed', 'Sign-up is closed on this server');
    }
    return (await this.accounts.create(email, password, this.env.DEFAULT_PLAN)).id;
  }

  async login(email: string, password: string): Promise<SessionDto> {
    const account = await this.accounts.verifyCredentials(email, password);
    return this.session(account.id, 'log-in');
  }

  private async session(accountId: number, origin: string): Promise<SessionDto> {
    const { token } = await this.tokens.issue(accountId, `${origin} ${new Date().toISOString()}`);
    return { token, account: await this.overview.describe(accountId) };
  }
}
