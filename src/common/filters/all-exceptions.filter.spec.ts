import { ArgumentsHost, BadRequestException, Logger } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';
import { AllExceptionsFilter, redactUrl } from './all-exceptions.filter';

function hostFor(path: string, accept = 'application/json', locals: Record<string, unknown> = {}) {
  const res = {
    headersSent: false,
    locals,
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
  const req = { path, method: 'GET', originalUrl: `${path}?signature=secret`, headers: { accept } };
  const host = {
    switchToHttp: () => ({ getRequest: () => req, getResponse: () => res }),
  } as unknown as ArgumentsHost;
  return { host, res };
}

describe('AllExceptionsFilter', () => {
  const filter = new AllExceptionsFilter();
  beforeAll(() => jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined));

  it('should turn a domain error into the envelope with its status and code', () => {
    const { host, res } = hostFor('/api/v1/x');
    filter.catch(new DomainError(409, 'slug_taken', 'taken'), host);
    expect(res.statusCode).toBe(409);
    expect(res.body).toEqual({
      code: 409,
      success: false,
      message: 'taken',
      data: null,
      error: 'slug_taken',
    });
  });

  it('should map Nest HTTP exceptions to stable codes', () => {
    const { host, res } = hostFor('/api/v1/x');
    filter.catch(new BadRequestException('bad'), host);
    expect(res.body).toMatchObject({ code: 400, error: 'bad_request' });
  });

  it('should map unique violations of both drivers to 409', () => {
    for (const code of ['ER_DUP_ENTRY', 'SQLITE_CONSTRAINT_UNIQUE']) {
      const { host, res } = hostFor('/api/v1/x');
      filter.catch(Object.assign(new Error('dup'), { driverError: { code } }), host);
      expect(res.body).toMatchObject({ code: 409, error: 'conflict' });
    }
  });

  it('should hide an unexpected error behind an error id', () => {
    const { host, res } = hostFor('/api/v1/x');
    filter.catch(new Error('secret internals'), host);
    expect(res.statusCode).toBe(500);
    expect(JSON.stringify(res.body)).not.toContain('secret internals');
    expect((res.body as { data: { error_id: string } }).data.error_id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('should answer plain text in simple mode and HTML to browsers on public pages', () => {
    const text = hostFor('/api/v1/shorten', '*/*', { errorFormat: 'text' });
    filter.catch(new DomainError(400, 'validation_failed', 'bad url'), text.host);
    expect(text.res.body).toBe('bad url');
    const page = hostFor('/abc', 'text/html');
    filter.catch(new DomainError(404, 'not_found', 'Link not found'), page.host);
    expect(page.res.contentType).toBe('html');
    expect(String(page.res.body)).toContain('<!doctype html>');
  });

  it('should redact tokens from logged URLs', () => {
    expect(redactUrl('/a?x=1&signature=ld_abc&y=2')).toBe('/a?x=1&signature=[redacted]&y=2');
  });
});
