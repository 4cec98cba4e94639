import type { IncomingHttpHeaders } from 'node:http';
import { countryHeaderOf, oneHeader } from './client-address';

/**
 * What the request path keeps of a visit: a few header strings, copied as they are. Parsing,
 * the country, the visitor hash all happen later, in the flusher, off the request path.
 */
export interface RawVisit {
  linkId: number;
  accountId: number;
  domainId: number;
  kind: string;
  at: number;
  remoteAddress: string | undefined;
  forwardedFor: string | undefined;
  userAgent: string | undefined;
  referer: string | undefined;
  acceptLanguage: string | undefined;
  countryHeader: string | undefined;
  qr: boolean;
  /** The A/B variant the visitor was sent to (`1`, `2`..., `r3.1` in the third rule's split). */
  variant: string | null;
  /** The link's own UTM fields, and the visit's query when it carries `utm_` parameters (they
   *  win: a short link shared as `…?utm_source=news` counts as from `news`). */
  utm: VisitUtm | null;
  utmQuery: string | null;
  /** The Redis Stream entry id, when it came through one (makes a redelivery a no-op). */
  eventId?: string;
}

/** A link's UTM fields (`utm_source`...), as the links keep them. */
export type VisitUtm = Partial<
  Record<'source' | 'medium' | 'campaign' | 'term' | 'content', string>
>;

export interface VisitedLink {
  id: number;
  accountId: number;
  domainId: number;
  kind: string;
  utm?: VisitUtm | null;
}

/** Copies the fields of a visit from the request; cheap enough for the fast redirect path. */
export function captureVisit(
  link: VisitedLink,
  headers: IncomingHttpHeaders,
  remoteAddress: string | undefined,
  url: string | undefined,
  at: number,
  variant: string | null = null,
): RawVisit {
  const q = url === undefined ? -1 : url.indexOf('?');
  return {
    linkId: link.id,
    accountId: link.accountId,
    domainId: link.domainId,
    kind: link.kind,
    at,
    remoteAddress,
    forwardedFor: oneHeader(headers['x-forwarded-for']),
    userAgent: headers['user-agent'],
    referer: headers.referer,
    acceptLanguage: headers['accept-language'],
    countryHeader: countryHeaderOf(headers),
    qr: q !== -1 && /[?&]qr=1(&|$)/.test(url!),
    variant,
    utm: link.utm ?? null,
    utmQuery: q !== -1 && url!.includes('utm_', q) ? url!.slice(q + 1) : null,
  };
}
