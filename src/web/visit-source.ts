import type { Request } from 'express';
import type { VisitSource } from '../links/resolve/visits.service';

/** What a visit record keeps of a request (its headers, peer address and URL). */
export const visitSourceOf = (req: Request): VisitSource => ({
  headers: req.headers,
  remoteAddress: req.socket.remoteAddress,
  url: req.originalUrl,
});
