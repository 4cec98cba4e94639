import { Injectable } from '@nestjs/common';
import { DomainError, notFound } from '../common/errors/domain-error';
import { AuthenticatedAccount } from './authenticated-account';
import { CreatedTokenDto, CreateTokenDto, TokenCheckDto, TokenDto } from './dto/token.dto';
import { generateToken, hashToken, visiblePrefix } from './token';
import { TokensRepository } from './tokens.repository';
import { assertPlanActive, toAuthenticated } from './auth-row';
import { AuthCache } from './auth-cache';
import { normalizeScopes } from './scopes/scopes';
import { SecurityLog } from './security-log/security-log.service';

export interface TokenOptions {
  expiresInDays?: number;
  /** Scopes or `<kind>:*`; unset: full access. */
  scopes?: readonly string[];
  note?: string;
}

// last_used_at is a hint, not an audit log: write it at most once a minute per token.
const TOUCH_INTERVAL_MS = 60_000;

@Injectable()
export class TokensService {
  constructor(
    private readonly tokens: TokensRepository,
    private readonly cache: AuthCache,
    private readonly log: SecurityLog,
  ) {}

  /** A token asked for by its owner (the API, the tokens page). */
  async create(accountId: number, dto: CreateTokenDto): Promise<CreatedTokenDto> {
    const { name, expires_in_days: expiresInDays, scopes, note } = dto;
    const created = await this.issue(accountId, name, { expiresInDays, scopes, note });
    await this.log.record(accountId, 'token.created', { detail: name });
    return created;
  }

  /** A new token; without `scopes` it may do all its account may. */
  async issue(
    accountId: number,
    name: string,
    { expiresInDays, scopes, note }: TokenOptions = {},
  ): Promise<CreatedTokenDto> {
    const token = generateToken();
    const row = await this.tokens.insert({
      accountId,
      name,
      prefix: visiblePrefix(token),
      tokenHash: hashToken(token),
      expiresAt: expiresInDays ? new Date(Date.now() + expiresInDays * 86_400_000) : null,
      scopes: scopes ? normalizeScopes(scopes).join(' ') : null,
      note: note || null,
    });
    return { ...TokenDto.from(row), token };
  }

  /**
   * A new token named `name` in place of the account's active ones of that name: a page that
   * makes a token for one purpose (Integrations) never piles up copies of it.
   */
  async replace(accountId: number, name: string): Promise<CreatedTokenDto> {
    for (const old of await this.tokens.listActiveByAccount(accountId)) {
      if (old.name === name) await this.tokens.revoke(old.id, accountId);
    }
    this.cache.forgetAccount(accountId);
    return this.issue(accountId, name);
  }

  async list(accountId: number): Promise<TokenDto[]> {
    return (await this.tokens.listActiveByAccount(accountId)).map((t) => TokenDto.from(t));
  }

  async revoke(accountId: number, id: number): Promise<{ id: number; revoked: true }> {
    if (!(await this.tokens.revoke(id, accountId))) throw notFound('Token');
    this.cache.forgetAccount(accountId);
    await this.log.record(accountId, 'token.revoked', { detail: String(id) });
    return { id, revoked: true };
  }

  /** S.EE's token check: whether a token works now, and until when (0: no end). */
  async check(token: string): Promise<TokenCheckDto> {
    const row = await this.tokens.getActiveForAuth(hashToken(token));
    const expired = !!row?.expiresAt && row.expiresAt.getTime() <= Date.now();
    return {
      token: token.length > 12 ? `${token.slice(0, 6)}****${token.slice(-4)}` : '****',
      valid: !!row && !expired,
      expires_at: row?.expiresAt ? Math.floor(row.expiresAt.getTime() / 1000) : 0,
    };
  }

  /** The account behind a token, or a 401/403 domain error. */
  async authenticate(token: string): Promise<AuthenticatedAccount> {
    const hash = hashToken(token);
    const row = await this.cache.get(hash, () => this.tokens.getActiveForAuth(hash));
    if (!row) throw new DomainError(401, 'unauthorized', 'Invalid or revoked API token');
    if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) {
      throw new DomainError(401, 'unauthorized', 'This API token has expired');
    }
    assertPlanActive(row);
    const now = new Date();
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      // The row may be the cache's, shared with the requests around this one: they need not touch.
      row.lastUsedAt = now;
      await this.tokens.touch(row.tokenId, now);
    }
    return toAuthenticated(row, row.tokenId, row.scopes);
  }
}
