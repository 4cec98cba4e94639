import { Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { wordsOf } from '../i18n/language-of';
import { ErrorPages } from '../common/filters/error-pages';
import { renderErrorPage } from './pages/error-page';
import { pageHeaders } from './security-headers';

/** The error page a browser gets on a public address (404, 410, 429...). */
@Injectable()
export class WebErrorPages extends ErrorPages {
  render(status: number, message: string, data: unknown, req: IncomingMessage) {
    return { headers: pageHeaders(), html: renderErrorPage(status, message, data, wordsOf(req)) };
  }
}
