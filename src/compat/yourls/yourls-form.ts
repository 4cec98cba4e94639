import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { sendYourls } from './yourls-output';
import { formatOf } from './yourls.params';

/**
 * YOURLS reads `$_REQUEST`, so a multipart form counts as much as a urlencoded one: ShareX's
 * YOURLS shortener posts `multipart/form-data`. Its fields become the body; a file part, or more
 * or longer fields than a call needs, is a 400 in YOURLS's shape.
 */
export function yourlsMultipartFields(): RequestHandler {
  const fields = multer({
    limits: { fields: 30, fieldSize: 16 * 1024, files: 0, parts: 30 },
  }).none();
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.is('multipart/form-data')) return next();
    fields(req, res, (err: unknown) => {
      if (!err) return next();
      const message = `Malformed form: ${err instanceof Error ? err.message : 'unreadable'}`;
      const format = formatOf(typeof req.query.format === 'string' ? req.query.format : undefined);
      sendYourls(res, format, { body: { message, errorCode: '400' }, simple: message });
    });
  };
}
