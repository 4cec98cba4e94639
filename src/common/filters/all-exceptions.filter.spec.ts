import { BadRequestException, Logger } from '@nestjs/common';
import { hostFor } from '../../../test/utils/http-host';
import { DomainError } from '../errors/domain-error';
import { AllExceptionsFilter, redactUrl } from './all-exceptions.filter';
import { ErrorPages } from './error-pages';

class StubPages extends ErrorPages {
  render(status: number, message: string) {
    return { headers: {}, html: `<!doctype html><p>${status} ${message}</p>` };
  }
  variantOf() {
    return '';
  }
}

describe('AllExceptionsFilter', () => {
  const filter = new AllExceptionsFilter(new StubPages());
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

  it('should answer HTML to browsers on public pages, and JSON on the API', () => {
    const page = hostFor('/abc', 'text/html');
    filter.catch(new DomainError(404, 'not_found', 'Link not found'), page.host);
    expect(page.res.contentType).toBe('html');
    expect(String(page.res.body)).toContain('<p>404 Link not found</p>');
    const api = hostFor('/api/v1/x', 'text/html');
    filter.catch(new DomainError(404, 'not_found', 'Link not found'), api.host);
    expect(api.res.body).toMatchObject({ code: 404, error: 'not_found' });
  });

  it('should redact tokens from logged URLs', () => {
    expect(redactUrl('/a?x=1&signature=ld_abc&y=2')).toBe('/a?x=1&signature=[redacted]&y=2');
    expect(redactUrl('/a?sig%6eature=ld_abc')).toBe('/a?sig%6eature=[redacted]');
    expect(redactUrl('/a?SIGNATURE=ld_abc')).toBe('/a?SIGNATURE=[redacted]');
    expect(redactUrl('/a?signature[]=ld_abc&signature%5B0%5D=ld_x')).toBe(
      '/a?signature[]=[redacted]&signature%5B0%5D=[redacted]',
    );
    expect(redactUrl('/a?design=ld_abc&q=%ff')).toBe('/a?design=ld_abc&q=%ff');
  });
});
