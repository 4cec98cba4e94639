import type { IncomingMessage } from 'node:http';

/**
 * How an error looks to a browser on a public page. The web module provides it; common/ only
 * knows this shape, so it imports no feature.
 */
export abstract class ErrorPages {
  /**
   * `data`: the envelope's data (a 410 says there which state the share is in); `req` for the
   * reader's language.
   */
  abstract render(
    status: number,
    message: string,
    data: unknown,
    req: IncomingMessage,
  ): { headers: Record<string, string>; html: string };

  /** What the page of a status and message depends on in `req` (pages kept are kept per it). */
  abstract variantOf(req: IncomingMessage): string;
}
