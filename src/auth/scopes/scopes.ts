import { DomainError } from '../../common/errors/domain-error';

/** What an API token may be limited to. A token without scopes may do all its account may. */
export const SCOPES = [
  'links:read',
  'links:write',
  'texts:read',
  'texts:write',
  'files:read',
  'files:write',
  'stats:read',
  'domains:read',
  'domains:write',
  'webhooks:read',
  'webhooks:write',
  'account:read',
  'admin',
] as const;
export type Scope = (typeof SCOPES)[number];

/** Kinds of share whose routes read (GET, HEAD) or write (the rest). */
export const SCOPE_FAMILIES = ['links', 'texts', 'files', 'domains', 'webhooks'] as const;
export type ScopeFamily = (typeof SCOPE_FAMILIES)[number];

/**
 * What a route asks of a token: one scope; a family's read or write scope by the HTTP method;
 * `any` token of the account (S.EE's token check, the domains a share may use); or `full`
 * access (managing tokens: a limited token never makes itself a wider one).
 */
export type RouteScope = Scope | ScopeFamily | 'any' | 'full';

/** Accepted on input besides the scopes themselves: `texts:*` is both of texts' scopes. */
export const SCOPE_INPUTS = [...SCOPES, ...SCOPE_FAMILIES.map((f) => `${f}:*`)] as const;

/** The scopes a token is given from what was asked: wildcards expanded, sorted, no repeats. */
export function normalizeScopes(asked: readonly string[]): Scope[] {
  const out = new Set<Scope>();
  for (const s of asked) {
    if (s.endsWith(':*')) {
      const family = s.slice(0, -2);
      out.add(`${family}:read` as Scope).add(`${family}:write` as Scope);
    } else out.add(s as Scope);
  }
  return SCOPES.filter((s) => out.has(s));
}

/** The scope a route needs for this request, or null when any token will do. */
export function neededScope(route: RouteScope, method: string): Scope | 'full' | null {
  if (route === 'any') return null;
  if ((SCOPE_FAMILIES as readonly string[]).includes(route)) {
    return `${route}:${method === 'GET' || method === 'HEAD' ? 'read' : 'write'}` as Scope;
  }
  return route as Scope | 'full';
}

/**
 * Whether a token's scopes (null: full access) allow `needed`. Writing a kind lets a token read
 * it too: a client that makes links may list the links it made.
 */
export function allows(scopes: readonly Scope[] | null, needed: Scope | 'full' | null): boolean {
  if (scopes === null || needed === null) return true;
  if (needed === 'full') return false;
  if (scopes.includes(needed)) return true;
  return needed.endsWith(':read') && scopes.includes(needed.replace(':read', ':write') as Scope);
}

/** 403 insufficient_scope, naming what the call needs. */
export function assertAllowed(scopes: readonly Scope[] | null, needed: Scope | 'full' | null) {
  if (allows(scopes, needed)) return;
  const what = needed === 'full' ? 'a token with full access' : `the scope ${needed}`;
  throw new DomainError(403, 'insufficient_scope', `This call needs ${what}`);
}
