import { Injectable } from '@nestjs/common';
import { Logger } from 'nestjs-pino';

/** Nest's start-up chatter (a line per module and per route): debug, not the operator's screen. */
const CHATTER = new Set([
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestFactory',
  'NestApplication',
]);

/** nestjs-pino's logger for everything Nest and our services log. */
@Injectable()
export class AppLogger extends Logger {
  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams[optionalParams.length - 1];
    if (typeof context === 'string' && CHATTER.has(context)) {
      super.debug(message, ...optionalParams);
    } else {
      super.log(message, ...optionalParams);
    }
  }
}
