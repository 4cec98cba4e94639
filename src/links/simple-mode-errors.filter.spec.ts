import { hostFor } from '../../test/utils/http-host';
import { DomainError } from '../common/errors/domain-error';
import { SimpleModeErrorsFilter } from './simple-mode-errors.filter';

describe('SimpleModeErrorsFilter', () => {
  it('should answer plain text in simple mode, unless json=true', () => {
    const simple = new SimpleModeErrorsFilter();
    const text = hostFor('/api/v1/shorten', '*/*');
    simple.catch(new DomainError(400, 'validation_failed', 'bad url'), text.host);
    expect(text.res.statusCode).toBe(400);
    expect(text.res.contentType).toMatch(/^text\/plain/);
    expect(text.res.body).toBe('bad url');
    const json = hostFor('/api/v1/shorten', '*/*', { json: 'true' });
    simple.catch(new DomainError(400, 'validation_failed', 'bad url'), json.host);
    expect(json.res.body).toMatchObject({ code: 400, error: 'validation_failed' });
  });
});
