import { hostFor } from '../../../test/utils/http-host';
import { DomainError } from '../../common/errors/domain-error';
import { SmmsErrorsFilter } from './smms-errors.filter';

describe('SmmsErrorsFilter', () => {
  it('should answer SM.MS clients with HTTP 200 and a word code', () => {
    const { host, res } = hostFor('/api/v2/upload');
    new SmmsErrorsFilter().catch(new DomainError(401, 'unauthorized', 'no token'), host);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatchObject({ success: false, code: 'unauthorized', message: 'no token' });
  });
});
