import { ExecutionContext, Module } from '@nestjs/common';
import { ThrottlerModule, ThrottlerOptions } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import type { Request } from 'express';
import { Env } from '../config/env';
import { RedisService } from '../redis/redis.service';
import { AUTH_ATTEMPT, AuthAttemptKind } from './auth-attempt.decorator';
import { FailOpenStorage } from './fail-open.storage';
import { ClientBudget } from './client-budget';
import { PasswordAttempts } from './password-attempts';

/** What the auth guard (a layer above) puts on the request: only these fields are read here. */
type Caller = { id: number; tokenId: number };
type Req = Request & { account?: Caller };
const reqOf = (ctx: ExecutionContext) => ctx.switchToHttp().getRequest<Req>();
const attemptOf = (ctx: ExecutionContext) =>
  Reflect.getMetadata(AUTH_ATTEMPT, ctx.getHandler()) as AuthAttemptKind | undefined;

const MINUTE = 60_000;

/** The limits: per token on the API, per IP and per account on log-in, per IP on sign-up. */
function throttlers(env: Env): ThrottlerOptions[] {
  const only = (kinds: AuthAttemptKind[], limit: number) => (ctx: ExecutionContext) =>
    limit === 0 || !kinds.includes(attemptOf(ctx)!);
  return [
    {
      name: 'default',
      ttl: MINUTE,
      limit: env.RATE_LIMIT_API_PER_MINUTE,
      // Public routes (pages, redirects, delete by hash) have no token to count.
      skipIf: (ctx) => env.RATE_LIMIT_API_PER_MINUTE === 0 || !reqOf(ctx).account,
      // A browser session has no token (id 0): its calls count against its account.
      getTracker: (req: Record<string, unknown>) => {
        const account = req.account as Caller;
        return account.tokenId ? `token:${account.tokenId}` : `session:${account.id}`;
      },
    },
    {
      name: 'login-ip',
      ttl: MINUTE,
      limit: env.AUTH_LOGIN_PER_MINUTE_PER_IP,
      skipIf: only(['login', 'code'], env.AUTH_LOGIN_PER_MINUTE_PER_IP),
    },
    {
      name: 'login-account',
      ttl: MINUTE,
      limit: env.AUTH_LOGIN_PER_MINUTE_PER_ACCOUNT,
      skipIf: only(['login'], env.AUTH_LOGIN_PER_MINUTE_PER_ACCOUNT),
      getTracker: (req: Record<string, unknown>) => {
        const email: unknown = (req.body as { email?: unknown } | undefined)?.email;
        return `email:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
      },
    },
    {
      name: 'signup-ip',
      ttl: 60 * MINUTE,
      limit: env.AUTH_SIGNUPS_PER_HOUR_PER_IP,
      skipIf: only(['signup'], env.AUTH_SIGNUPS_PER_HOUR_PER_IP),
    },
  ];
}

@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [Env, RedisService],
      useFactory: async (env: Env, redis: RedisService) => {
        // Counts in a shared Redis carry the installation's id: token ids restart in every
        // database, and another installation's token 7 is not this one's.
        const scope = redis.connection ? await redis.scoped('') : '';
        return {
          throttlers: throttlers(env),
          // One count per limit and tracker across every route (the default is per route).
          generateKey: (_ctx: ExecutionContext, tracker: string, name: string) =>
            `${scope}${name}:${tracker}`,
          storage: redis.connection
            ? new FailOpenStorage(new ThrottlerStorageRedisService(redis.connection))
            : undefined,
        };
      },
    }),
  ],
  providers: [PasswordAttempts, ClientBudget],
  exports: [ThrottlerModule, PasswordAttempts, ClientBudget],
})
export class RateLimitModule {}
