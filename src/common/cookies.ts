/** The value of cookie `name` in a `Cookie` header, if present. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

export interface CookieOptions {
  path: string;
  /** Seconds; 0 deletes the cookie. Unset: a session cookie (gone when the browser closes). */
  maxAge?: number;
  secure: boolean;
}

/** A `Set-Cookie` value: always HttpOnly and SameSite=Lax. */
export function cookieHeader(name: string, value: string, opts: CookieOptions): string {
  return [
    `${name}=${value}`,
    `Path=${opts.path}`,
    ...(opts.maxAge !== undefined ? [`Max-Age=${opts.maxAge}`] : []),
    'HttpOnly',
    'SameSite=Lax',
    ...(opts.secure ? ['Secure'] : []),
  ].join('; ');
}
