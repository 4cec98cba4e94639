import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorEnvelope } from '../../common/envelope';
import type { ErrorPages } from '../../common/filters/error-pages';

const MESSAGE = 'Link not found';
const JSON_BODY = JSON.stringify(errorEnvelope(404, 'not_found', MESSAGE));

/**
 * The 404 of an address nothing holds, as the framework answers it (the error page for a
 * browser, the envelope for anything else), written from bodies made once: a flood of random
 * slugs assembles no page and throws no exception.
 */
export class NotFoundAnswer {
  /** Per variant (ErrorPages.variantOf): the page's words follow the reader's language. */
  private readonly made = new Map<string, { headers: Record<string, string>; html: Buffer }>();

  constructor(private readonly pages?: ErrorPages) {}

  send(req: IncomingMessage, res: ServerResponse): void {
    if (this.pages && (req.headers.accept ?? '').includes('text/html')) {
      const variant = this.pages.variantOf(req);
      let page = this.made.get(variant);
      if (!page) {
        const { headers, html } = this.pages.render(404, MESSAGE, null, req);
        page = { headers, html: Buffer.from(html) };
        this.made.set(variant, page);
      }
      res.writeHead(404, {
        ...page.headers,
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': String(page.html.length),
      });
      res.end(req.method === 'HEAD' ? undefined : page.html);
      return;
    }
    res.writeHead(404, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(JSON_BODY)),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : JSON_BODY);
  }
}
