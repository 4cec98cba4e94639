import type { UsageLimits } from '../common/usage-limits';
import type { Scope } from './scopes/scopes';

/** What the guard puts on the request for the handlers. */
export interface AuthenticatedAccount {
  id: number;
  email: string;
  planId: number;
  maxFileBytes: number;
  storageQuotaBytes: number;
  tokenId: number;
  /** Sees what belongs to no account (orphan visits of the system domains...). */
  isAdmin: boolean;
  /** Custom domains the plan allows. */
  maxCustomDomains: number;
  /** The plan's day and month limits (S.EE's `/usage`). */
  usageLimits: UsageLimits;
  /** What the token may do; null: everything the account may (browser sessions, older tokens). */
  scopes: Scope[] | null;
}
