import { Injectable } from '@nestjs/common';
import { ErrorPages } from '../common/filters/error-pages';
import { renderErrorPage } from './pages/error-page';
import { pageHeaders } from './security-headers';

/** The error page a browser gets on a public address (404, 410, 429...). */
@Injectable()
export class WebErrorPages extends ErrorPages {
  render(status: number, message: string, data: unknown) {
    return { headers: pageHeaders(), html: renderErrorPage(status, message, data) };
  }
}
