import { toDate, toNumber } from '../common/db-values';
import { DomainError } from '../common/errors/domain-error';
import { parseUsageLimits } from '../common/usage-limits';
import type { AuthenticatedAccount } from './authenticated-account';
import type { Scope } from './scopes/scopes';

/** What a request needs of its account and plan, read with the token or session in one query. */
export interface AuthRow {
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  accountId: number;
  email: string;
  planId: number;
  planExpiresAt: Date | null;
  disabledAt: Date | null;
  maxFileBytes: number;
  storageQuotaBytes: number;
  isAdmin: boolean;
  maxCustomDomains: number;
  usageLimits: string | null;
}

/** The columns of AuthRow, for a query that joins `accounts a` and `plans p`. */
export const AUTH_COLUMNS = `a.id AS account_id, a.email, a.plan_id, a.plan_expires_at, a.disabled_at,
  a.is_admin, p.max_file_bytes, p.storage_quota_bytes, p.max_custom_domains,
  p.usage_limits`;

export type RawAuthRow = Record<
  'account_id' | 'plan_id' | 'max_file_bytes' | 'storage_quota_bytes' | 'max_custom_domains',
  number | string
> & {
  email: string;
  usage_limits: string | null;
  is_admin: number | boolean | string;
  last_used_at: Date | string | null;
  expires_at: Date | string | null;
  plan_expires_at: Date | string | null;
  disabled_at: Date | string | null;
};

export const toAuthRow = (r: RawAuthRow): AuthRow => ({
  lastUsedAt: toDate(r.last_used_at),
  expiresAt: toDate(r.expires_at),
  accountId: toNumber(r.account_id),
  email: r.email,
  planId: toNumber(r.plan_id),
  planExpiresAt: toDate(r.plan_expires_at),
  disabledAt: toDate(r.disabled_at),
  maxFileBytes: toNumber(r.max_file_bytes),
  storageQuotaBytes: toNumber(r.storage_quota_bytes),
  isAdmin: Boolean(Number(r.is_admin)),
  maxCustomDomains: toNumber(r.max_custom_domains),
  usageLimits: r.usage_limits,
});

/** The account on the request; `tokenId` 0 for a browser session, whose scopes are null. */
export const toAuthenticated = (
  row: AuthRow,
  tokenId: number,
  scopes: Scope[] | null = null,
): AuthenticatedAccount => ({
  id: row.accountId,
  email: row.email,
  planId: row.planId,
  maxFileBytes: row.maxFileBytes,
  storageQuotaBytes: row.storageQuotaBytes,
  tokenId,
  isAdmin: row.isAdmin,
  maxCustomDomains: row.maxCustomDomains,
  usageLimits: parseUsageLimits(row.usageLimits),
  scopes,
});

/** A disabled account (403 account_disabled) or one without an active plan (403 plan_inactive). */
export function assertPlanActive(row: AuthRow): void {
  if (row.disabledAt) {
    throw new DomainError(403, 'account_disabled', 'This account has been disabled');
  }
  if (row.planExpiresAt && row.planExpiresAt.getTime() <= Date.now()) {
    throw new DomainError(403, 'plan_inactive', 'The plan of this account is not active');
  }
}
