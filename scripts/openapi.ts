import { NestFactory } from '@nestjs/core';
import { execFileSync } from 'node:child_process';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppModule } from '../src/app.module';
import { appOptions, configureApp } from '../src/app.setup';
import { buildOpenApiDocument } from '../src/common/openapi-document';
import { validateEnv } from '../src/config/validate-env';
import {
  CLIENT_TYPES_PATH,
  DOCUMENT_PATH,
  documentText,
  GENERATE_TYPES_JS,
} from './openapi/openapi-files';

/**
 * `npm run openapi`: writes the OpenAPI document of the code as built, and the client types
 * generated from it. Default settings on a throw-away database, so the output depends on the
 * code alone; CI checks both files are current.
 */
async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'linkdrop-openapi-'));
  const env = validateEnv({
    DB_URL: `sqlite:${join(dir, 'doc.sqlite')}`,
    STORAGE_LOCAL_DIR: join(dir, 'uploads'),
    LOG_LEVEL: 'error',
    AUTH_BOOTSTRAP_ADMIN: 'false',
  });
  const app = configureApp(
    await NestFactory.create<NestExpressApplication>(AppModule.forRoot(env), appOptions()),
    env,
  );
  await app.init();
  const doc = buildOpenApiDocument(app);
  await app.close();
  rmSync(dir, { recursive: true, force: true });
  writeFileSync(DOCUMENT_PATH, documentText(doc));
  const types = execFileSync(process.execPath, ['-e', GENERATE_TYPES_JS], {
    input: documentText(doc),
  });
  writeFileSync(CLIENT_TYPES_PATH, types);
  console.log(`wrote ${DOCUMENT_PATH} and ${CLIENT_TYPES_PATH}`);
}

void main();
