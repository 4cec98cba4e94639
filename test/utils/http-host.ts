import type { ArgumentsHost } from '@nestjs/common';

/** A stand-in for the request and response an exception filter sees. */
export function hostFor(
  path: string,
  accept = 'application/json',
  query: Record<string, string> = {},
) {
  const res = {
    headersSent: false,
    statusCode: 0,
    body: undefined as unknown,
    contentType: '',
    status(code: number) {
      this.statusCode = code;
      return this;
    },
    json(b: unknown) {
      this.body = b;
      return this;
    },
    type(t: string) {
      this.contentType = t;
      return this;
    },
    set() {
      return this;
    },
    send(b: unknown) {
      this.body = b;
      return this;
    },
  };
  const req = {
    path,
    query,
    method: 'GET',
    originalUrl: `${path}?signature=secret`,
    headers: { accept },
  };
  const host = {
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }),
  } as unknown as ArgumentsHost;
  return { host, res };
}
