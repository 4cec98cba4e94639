/**
 * How an error looks to a browser on a public page. The web module provides it; common/ only
 * knows this shape, so it imports no feature.
 */
export abstract class ErrorPages {
  abstract render(
    status: number,
    message: string,
  ): { headers: Record<string, string>; html: string };
}
