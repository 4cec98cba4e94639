import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import { Clock } from '../../common/clock';
import { DomainError, notFound } from '../../common/errors/domain-error';
import { Env } from '../../config/env';
import type { OidcProviderSettings } from '../../config/oidc-settings';
import { Installation } from '../../database/installation';
import { AccountsService } from '../accounts.service';
import { SecurityLog } from '../security-log/security-log.service';
import { OidcIdentitiesRepository } from './oidc-identities.repository';
import { seal, unseal } from '../sealed';
import { FLOW_SEAL, SignInFlow } from './sign-in-flow';

/** How long a person has at the provider before the return is refused. */
const FLOW_MS = 10 * 60_000;

const refused = (why: string) => new DomainError(401, 'unauthorized', why);

/**
 * Single sign-on with OpenID Connect (openid-client): the authorisation code flow with PKCE,
 * state and nonce, from each provider's discovery document. An identity is the provider's `sub`;
 * the first sign-on links it to the account of the same address only when the provider says the
 * address is verified, or makes an account (unless AUTH_SIGNUP=closed).
 */
@Injectable()
export class SingleSignOn {
  private readonly logger = new Logger(SingleSignOn.name);
  private readonly configs = new Map<string, Promise<oidc.Configuration>>();

  constructor(
    private readonly env: Env,
    private readonly accounts: AccountsService,
    private readonly identities: OidcIdentitiesRepository,
    private readonly installation: Installation,
    private readonly clock: Clock,
    private readonly log: SecurityLog,
  ) {}

  /** The providers, for the log-in page's buttons. */
  providers(): { name: string; label: string }[] {
    return this.env.oidcProviders.map(({ name, label }) => ({ name, label }));
  }

  redirectUri(name: string): string {
    return `${this.env.PUBLIC_URL}/auth/oidc/${name}/callback`;
  }

  /** Where to send the browser, and the sealed flow to keep in its cookie until it comes back. */
  async start(name: string, next: string): Promise<{ url: string; sealed: string }> {
    const provider = this.provider(name);
    const config = await this.configOf(provider);
    const verifier = oidc.randomPKCECodeVerifier();
    const flow = {
      p: name,
      v: verifier,
      s: oidc.randomState(),
      n: oidc.randomNonce(),
      next,
      exp: this.clock.now() + FLOW_MS,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri(name),
      scope: provider.scopes,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: flow.s,
      nonce: flow.n,
    });
    return { url: url.href, sealed: seal(flow, await this.installation.signingKey(), FLOW_SEAL) };
  }

  /**
   * The return from the provider (`callbackUrl`, with the flow's cookie): the account it signs
   * in, and where to go next. Refused (401) for a flow not started here, expired, or used; for a
   * wrong state or nonce; for a code the provider refuses (one used before).
   */
  async finish(
    name: string,
    callbackUrl: URL,
    sealed: string | undefined,
    userAgent?: string,
  ): Promise<{ accountId: number; next: string }> {
    const provider = this.provider(name);
    const flow = unseal<SignInFlow>(sealed, await this.installation.signingKey(), FLOW_SEAL);
    if (!flow || flow.p !== name || flow.exp < this.clock.now()) {
      throw refused('This sign-in has expired or was already used: start it again');
    }
    const config = await this.configOf(provider);
    let claims: Record<string, unknown>;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.v,
        expectedState: flow.s,
        expectedNonce: flow.n,
        idTokenExpected: true,
      });
      claims = { ...tokens.claims() };
      if (!claims.email && tokens.access_token) {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub));
        claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
      }
    } catch (e) {
      throw this.refusal(provider, e);
    }
    const accountId = await this.accountFor(provider, claims);
    await this.log.record(accountId, 'login', { method: `oidc:${name}`, userAgent });
    return { accountId, next: flow.next };
  }

  /** The providers each account signs in with (admin area). */
  providersOf(accountIds: number[]): Promise<Map<number, string[]>> {
    return this.identities.providersOf(accountIds);
  }

  private async accountFor(p: OidcProviderSettings, claims: Record<string, unknown>) {
    const sub = String(claims.sub);
    const known = await this.identities.find(p.name, sub);
    let accountId = known?.accountId;
    if (accountId === undefined) {
      const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
      if (!email || claims.email_verified !== true) {
        throw new DomainError(
          403,
          'forbidden',
          `${p.label} has not confirmed your email address, so it cannot sign you in here`,
        );
      }
      const existing = await this.accounts.findByEmail(email);
      accountId = existing?.id ?? (await this.createAccount(email));
      await this.identities.link(accountId, p.name, sub, new Date(this.clock.now()));
    }
    const account = await this.accounts.getById(accountId);
    if (account.disabledAt) {
      throw new DomainError(403, 'account_disabled', 'This account has been disabled');
    }
    if (p.adminClaim && !account.isAdmin && claimHas(claims[p.adminClaim], p.adminValue!)) {
      await this.accounts.setRole(accountId, 'admin');
      await this.log.record(accountId, 'role.changed', {
        method: `oidc:${p.name}`,
        detail: 'admin',
      });
    }
    return accountId;
  }

  private async createAccount(email: string): Promise<number> {
    if (this.env.AUTH_SIGNUP === 'closed') {
      throw new DomainError(403, 'signup_closed', 'There is no account with this address here');
    }
    // A password nobody knows: the account signs in through its provider (or resets one by mail).
    const password = randomBytes(24).toString('base64url');
    return (await this.accounts.create(email, password, this.env.DEFAULT_PLAN)).id;
  }

  private provider(name: string): OidcProviderSettings {
    const p = this.env.oidcProviders.find((x) => x.name === name);
    if (!p) throw notFound('Page');
    return p;
  }

  /** The provider's discovery document, read once (again after a failure). */
  private configOf(p: OidcProviderSettings): Promise<oidc.Configuration> {
    let config = this.configs.get(p.name);
    if (!config) {
      const auth = p.clientSecret ? oidc.ClientSecretBasic(p.clientSecret) : oidc.None();
      // A provider on plain http (an intranet, a test) is the operator's explicit choice.
      const insecure = p.issuer.startsWith('http:')
        ? { execute: [oidc.allowInsecureRequests] }
        : {};
      config = oidc
        .discovery(new URL(p.issuer), p.clientId, p.clientSecret, auth, {
          ...insecure,
          timeout: 10,
        })
        .catch((e: unknown) => {
          this.configs.delete(p.name);
          this.logger.warn(`${p.name}: discovery at ${p.issuer} failed: ${String(e)}`);
          throw new DomainError(
            503,
            'service_unavailable',
            `${p.label} cannot be reached; try again later`,
          );
        });
      this.configs.set(p.name, config);
    }
    return config;
  }

  private refusal(p: OidcProviderSettings, e: unknown): DomainError {
    if (e instanceof DomainError) return e;
    const said = e as {
      error?: string;
      error_description?: string;
      message?: string;
      code?: string;
    };
    this.logger.warn(
      `${p.name}: sign-in refused: ${said.error ?? said.code ?? ''} ${said.error_description ?? said.message ?? ''}`,
    );
    if (said.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || said.code === 'OAUTH_TIMEOUT') {
      return new DomainError(
        503,
        'service_unavailable',
        `${p.label} cannot be reached; try again later`,
      );
    }
    return refused(
      `${p.label} did not sign you in (${said.error_description ?? said.error ?? said.message ?? 'refused'}): start again`,
    );
  }
}

/** Whether a claim (a list, or a space- or comma-separated string) holds `value`. */
function claimHas(claim: unknown, value: string): boolean {
  if (Array.isArray(claim)) return claim.map(String).includes(value);
  return typeof claim === 'string' && claim.split(/[\s,]+/).includes(value);
}
