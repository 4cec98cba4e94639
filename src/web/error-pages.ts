import { Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { languageOf, wordsOf } from '../i18n/language-of';
import { ErrorPages } from '../common/filters/error-pages';
import { renderErrorPage } from './pages/error-page';
import { PublicBrand } from './public-brand';
import { pageHeaders } from './security-headers';

/** The error page a browser gets on a public address (404, 410, 429...). */
@Injectable()
export class WebErrorPages extends ErrorPages {
  constructor(private readonly brand: PublicBrand) {
    super();
  }

  render(status: number, message: string, data: unknown, req: IncomingMessage) {
    const html = renderErrorPage(status, message, data, wordsOf(req), this.brand.shownTo(req));
    return { headers: pageHeaders(), html };
  }

  /** The reader's language, and whether the brand is shown. */
  variantOf(req: IncomingMessage): string {
    return `${languageOf(req)}|${+this.brand.shownTo(req)}`;
  }
}
