import { BootLogger } from './logging/boot-logger';
import { ConsoleLogger, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { urlencoded } from 'express';
import { SwaggerModule } from '@nestjs/swagger';
import { AppModule } from './app.module';
import { EnvelopeExpressAdapter } from './common/envelope-adapter';
import { AppLogger } from './logging/app-logger';
import { prettyLogs } from './logging/pino-options';
import { requestLog } from './logging/request-log';
import { ACCOUNT_PATHS, accountAreaOnPublicHost } from './account-area/account-host';
import { mapBodyParserErrors } from './common/middleware/body-parser-errors';
import { rejectLoneSurrogates, verifyJsonDepth } from './common/middleware/json-limits';
import { apiCors, securityHeaders } from './common/middleware/security';
import { buildOpenApiDocument } from './common/openapi-document';
import { smmsBodyErrors, smmsMalformedUrl } from './compat/smms-v2/smms-early-errors';
import { YOURLS_PATHS } from './compat/yourls/yourls.controller';
import { yourlsMultipartFields } from './compat/yourls/yourls-form';
import { requestContext } from './common/request-context';
import { Env } from './config/env';
import { trustProxySetting } from './config/trust-proxy';
import { rememberLanguage } from './i18n/language-of';

const LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

export const logLevels = (level: string): LogLevel[] =>
  LEVELS.slice(0, LEVELS.indexOf(level as LogLevel) + 1);

/** The CLI's logger (its output is for a person at a terminal, warnings on stderr). */
export const createLogger = (env: Pick<Env, 'LOG_LEVEL' | 'LOG_FORMAT'>) =>
  new ConsoleLogger({
    json: !prettyLogs(env, process.stderr),
    logLevels: logLevels(env.LOG_LEVEL),
  });

/**
 * What NestFactory.create needs besides the module and the adapter (EnvelopeExpressAdapter):
 * body parsing is set up by configureApp, and logs wait for pino (configureApp) so that even the
 * first lines have its format (BootLogger only prints if the start fails before that).
 */
export const appOptions = () => ({
  bodyParser: false,
  bufferLogs: true,
  // A failed start is reported by main.ts in one line, instead of Nest's process.abort().
  abortOnError: false,
  logger: new BootLogger(),
});

/** The service as main.ts runs it. */
export async function createApp(env: Env): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot(env),
    new EnvelopeExpressAdapter(),
    appOptions(),
  );
  return configureApp(app, env);
}

/**
 * What cannot be an APP_* provider: body limits, proxy trust, OpenAPI, shutdown hooks. main.ts
 * and the e2e tests (which build the module with Test.createTestingModule) both go through it.
 */
export function configureApp(app: NestExpressApplication, env: Env): NestExpressApplication {
  const logger = app.get(AppLogger);
  app.useLogger(logger);
  // First, so a request's line times all of it and carries its id.
  app.use(requestLog(logger.pino));
  app.set('trust proxy', trustProxySetting(env.TRUST_PROXY));
  app.disable('x-powered-by');
  app.use(securityHeaders());
  app.use(rememberLanguage);
  app.use(ACCOUNT_PATHS, accountAreaOnPublicHost(env.PUBLIC_URL));
  app.use(['/api/v1', '/api/v2'], apiCors());
  app.use('/api/v2', smmsMalformedUrl);
  app.useBodyParser('json', {
    limit: env.BODY_LIMIT,
    verify: verifyJsonDepth,
    reviver: rejectLoneSurrogates,
  });
  // Only the pages' forms (link passwords, the account area) post urlencoded; the API refuses
  // it (415). The account area's text form carries a whole text share.
  app.use(
    '/account/texts',
    urlencoded({ extended: false, limit: env.TEXT_MAX_BYTES * 3 + 65_536 }),
  );
  app.useBodyParser('urlencoded', { extended: false, limit: '16kb' });
  app.use(
    YOURLS_PATHS.map((p) => `/${p}`),
    yourlsMultipartFields(),
  );
  app.use(mapBodyParserErrors);
  app.use('/api/v2', smmsBodyErrors);
  app.use(requestContext);
  app.enableShutdownHooks();
  // A stalled client (an upload that stops sending) loses its connection; multer then removes
  // its partial file. Active transfers, however slow, are never cut.
  app.getHttpServer().setTimeout(env.HTTP_IDLE_TIMEOUT_SECONDS * 1000);
  SwaggerModule.setup('api/docs', app, () => buildOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs/openapi.json',
  });
  return app;
}
