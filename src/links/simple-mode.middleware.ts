import type { NextFunction, Request, Response } from 'express';

/**
 * Simple mode answers errors as plain text unless `json=true`; set before the guard runs, so a
 * missing token is plain text too.
 */
export function plainTextErrors(req: Request, res: Response, next: NextFunction): void {
  if (req.query.json !== 'true') res.locals.errorFormat = 'text';
  next();
}
