import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DomainError } from '../common/errors/domain-error';
import { boxed } from '../logging/banner';
import { Env } from '../config/env';
import { AccountsService } from './accounts.service';
import { TokensService } from './tokens.service';

/**
 * On the very first start (no account at all) creates an admin account on the `pro` plan and
 * prints its token once, so a fresh install can be used without the CLI.
 */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Bootstrap');

  constructor(
    private readonly accounts: AccountsService,
    private readonly tokens: TokensService,
    private readonly env: Env,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.env.AUTH_BOOTSTRAP_ADMIN || (await this.accounts.hasAny())) return;
    const password = randomBytes(12).toString('base64url');
    const email = this.env.AUTH_ADMIN_EMAIL;
    // Replicas starting together on an empty database: one creates the admin, the others see it.
    const account = await this.accounts.create(email, password, 'pro', true).catch((e: unknown) => {
      if (e instanceof DomainError && e.code === 'email_taken') return null;
      throw e;
    });
    if (!account) return;
    const { token } = await this.tokens.issue(account.id, 'first start');
    // Straight to stdout, not through the logger: secrets have no place in a log collector.
    process.stdout.write(
      `${boxed([
        'First start: an admin account was created. It is shown only now; keep it.',
        '',
        `  email:     ${account.email}`,
        `  password:  ${password}`,
        `  API token: ${token}`,
        '',
        `Log in at ${this.env.PUBLIC_URL}/login, or send the token as`,
        '`Authorization: Bearer <token>` to the API.',
      ])}\n`,
    );
    this.logger.warn(`First start: created ${account.email}; its password and token are above`);
  }
}
