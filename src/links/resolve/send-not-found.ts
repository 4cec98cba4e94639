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
  private page?: { headers: Record<string, string>; html: Buffer };

  constructor(private readonly pages?: ErrorPages) {}

  send(req: IncomingMessage, res: ServerResponse): void {
    if (this.pages && (req.headers.accept ?? '').includes('text/html')) {
      if (!this.page) {
        const { headers, html } = this.pages.render(404, MESSAGE, null);
        this.page = { headers, html: Buffer.from(html) };
      }
      res.writeHead(404, {
        ...this.page.headers,
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': String(this.page.html.length),
      });
      res.end(req.method === 'HEAD' ? undefined : this.page.html);
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
