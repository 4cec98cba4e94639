import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { Env } from '../config/env';
import { bannerFacts, bannerText } from './banner';
import { prettyLogs } from './pino-options';

/** The start-up banner: one readable block on a terminal, one structured line in JSON. */
export function announce(app: NestExpressApplication, env: Env): void {
  const { address, port } = app.getHttpServer().address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  const facts = bannerFacts(env, `http://${host}:${port}`);
  const logger = new Logger('Linkdrop');
  if (prettyLogs(env)) logger.log(bannerText(version(), facts));
  else logger.log({ msg: `Linkdrop ${version()} is ready`, ...facts });
}

/** package.json's version, from src/ (ts-node) or dist/src/ (built). */
function version(): string {
  for (const up of ['../..', '../../..']) {
    try {
      const pkg = JSON.parse(readFileSync(join(__dirname, up, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'linkdrop') return pkg.version ?? '';
    } catch {
      // not at this level
    }
  }
  return '';
}
