import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorEnvelope } from '../../common/envelope';
import type { ErrorCode } from '../../common/errors/domain-error';
import type { ErrorPages } from '../../common/filters/error-pages';

interface Page {
  headers: Record<string, string>;
  html: Buffer;
}

/**
 * The answers the fast path gives for an address it knows the fate of (nothing there: 404; an
 * expired share: 410), as the framework answers them (the error page for a browser, the envelope
 * for anything else), each written from bodies made once: a flood of such requests assembles no
 * page and throws no exception.
 */
export class CannedErrors {
  /** By status, message and page variant (ErrorPages.variantOf: the reader's language...). */
  private readonly pages = new Map<string, Page>();
  private readonly bodies = new Map<string, string>();

  constructor(private readonly errorPages?: ErrorPages) {}

  send(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    error: ErrorCode,
    message: string,
    data: unknown = null,
  ): void {
    const head = req.method === 'HEAD';
    if (this.errorPages && (req.headers.accept ?? '').includes('text/html')) {
      const key = `${status}|${message}|${this.errorPages.variantOf(req)}`;
      let page = this.pages.get(key);
      if (!page) {
        const { headers, html } = this.errorPages.render(status, message, data, req);
        page = { headers, html: Buffer.from(html) };
        this.pages.set(key, page);
      }
      res.writeHead(status, {
        ...page.headers,
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Length': String(page.html.length),
      });
      res.end(head ? undefined : page.html);
      return;
    }
    const key = `${status}|${message}`;
    let body = this.bodies.get(key);
    if (body === undefined) {
      body = JSON.stringify(errorEnvelope(status, error, message, data));
      this.bodies.set(key, body);
    }
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    });
    res.end(head ? undefined : body);
  }
}
