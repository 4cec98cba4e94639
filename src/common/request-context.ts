import { AsyncLocalStorage } from 'node:async_hooks';

/** Which kind of client made a change: the audit log's `client`. */
export type ClientKind = 'browser' | 'api' | 'see' | 'smms' | 'yourls' | 'tus' | 'mcp' | 'cli';

/** Who made a change: the audit log's `actor`. */
export interface Actor {
  type: 'account' | 'token' | 'session' | 'admin' | 'system';
  id: number | null;
}

/** What a request (or a CLI command) knows about who is acting and through what. */
export interface RequestContext {
  client: ClientKind;
  actor: Actor;
  /** The account the actor signed in as (an admin acting for another account keeps its own). */
  accountId?: number;
}

const storage = new AsyncLocalStorage<RequestContext>();

export const SYSTEM_ACTOR: Actor = { type: 'system', id: null };

/**
 * The acting party of the request in flight, kept beside the call chain instead of passed
 * through every service: the outbox stamps each event with it. Background work has none.
 */
export const RequestContexts = {
  run<T>(context: RequestContext, fn: () => T): T {
    return storage.run(context, fn);
  },
  current(): RequestContext | undefined {
    return storage.getStore();
  },
  /** Names the authenticated party (the guard, once it knows it). */
  identify(actor: Actor, accountId: number): void {
    const ctx = storage.getStore();
    if (!ctx) return;
    ctx.actor = actor;
    ctx.accountId = accountId;
  },
  /** Changes the kind of client (a route that knows better than its path: MCP). */
  setClient(client: ClientKind): void {
    const ctx = storage.getStore();
    if (ctx) ctx.client = client;
  },
};

// S.EE's own calls (its SDKs and CLI); `/api/v1/file/large-file-tus` is tus.
const SEE_PATHS = /^\/api\/v1\/(shorten|text|file|files|domains|tags|usage|token|qrcodes?)(\/|$)/;

/** The kind of client a path belongs to, before anyone has authenticated. */
export function clientOfPath(path: string): ClientKind {
  if (path === '/mcp' || path.startsWith('/mcp/')) return 'mcp';
  if (path.startsWith('/api/v2/')) return 'smms';
  if (/^\/(api\/v1\/yourls|yourls|yourls-api\.php)(\/|$)/.test(path)) return 'yourls';
  if (path.startsWith('/api/v1/file/large-file-tus')) return 'tus';
  if (SEE_PATHS.test(path)) return 'see';
  if (path.startsWith('/api/')) return 'api';
  return 'browser';
}

/** Express middleware: every request runs in a context of its own (after the body parsers,
 * whose stream callbacks would lose it). */
export function requestContext(req: { path: string }, _res: unknown, next: () => void): void {
  RequestContexts.run({ client: clientOfPath(req.path), actor: { ...SYSTEM_ACTOR } }, next);
}
