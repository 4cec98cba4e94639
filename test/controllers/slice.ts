import { INestApplication, Provider, Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { json } from 'express';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { AccountsService } from '../../src/auth/accounts.service';
import { AuthGuard } from '../../src/auth/auth.guard';
import type { AuthenticatedAccount } from '../../src/auth/authenticated-account';
import { UsageService } from '../../src/auth/plans/usage.service';
import { WebSessionsService } from '../../src/auth/sessions/web-sessions.service';
import { TokensService } from '../../src/auth/tokens.service';
import { EnvelopeExpressAdapter } from '../../src/common/envelope-adapter';
import { DomainError } from '../../src/common/errors/domain-error';
import { AllExceptionsFilter } from '../../src/common/filters/all-exceptions.filter';
import { createValidationPipe } from '../../src/common/pipes/validation.pipe';
import { PasswordAttempts } from '../../src/rate-limit/password-attempts';

/** The token the slice's guard takes; any other is refused as an unknown one is. */
export const TOKEN = 'ld_slice-token';
export const ACCOUNT = {
  id: 7,
  tokenId: 3,
  email: 'owner@example.com',
  usageLimits: {},
  scopes: null,
} as unknown as AuthenticatedAccount;

export interface Slice {
  app: INestApplication;
  /** A request with the good token. */
  as: () => TestAgent;
  /** A request with no token at all. */
  anonymous: () => TestAgent;
  close: () => Promise<void>;
}

/**
 * A controller alone over HTTP, without a database (immich's controller specs are the model):
 * its services are the mocks given, and the pieces every request goes through are the real ones
 * (the global guard, the validation pipe, the exception filter, the envelope), so a slice
 * checks routing, guards, validation and the shape of answers and errors.
 */
export async function controllerSlice(controller: Type, services: Provider[]): Promise<Slice> {
  const tokens = {
    authenticate: (token: string) =>
      token === TOKEN
        ? Promise.resolve(ACCOUNT)
        : Promise.reject(new DomainError(401, 'unauthorized', 'Unknown or revoked token')),
  };
  const moduleRef = await Test.createTestingModule({
    controllers: [controller],
    providers: [
      ...services,
      { provide: TokensService, useValue: tokens },
      { provide: UsageService, useValue: { countApiCall: () => Promise.resolve() } },
      { provide: WebSessionsService, useValue: { resolve: () => Promise.resolve(null) } },
      { provide: AccountsService, useValue: {} },
      { provide: PasswordAttempts, useValue: {} },
      { provide: APP_GUARD, useClass: AuthGuard },
      { provide: APP_PIPE, useFactory: createValidationPipe },
      { provide: APP_FILTER, useClass: AllExceptionsFilter },
    ],
  }).compile();
  const app = moduleRef.createNestApplication(new EnvelopeExpressAdapter(), {
    bodyParser: false,
    logger: false,
  });
  app.use(json());
  await app.init();
  const server = app.getHttpServer() as Parameters<typeof request>[0];
  return {
    app,
    as: () => request.agent(server).set('Authorization', `Bearer ${TOKEN}`),
    anonymous: () => request.agent(server),
    close: () => app.close(),
  };
}
