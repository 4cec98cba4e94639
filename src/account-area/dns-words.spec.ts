import { wordsFor } from '../i18n/i18n';
import { checkInWords } from './dns-words';

const record = { purpose: 'verify', type: 'TXT', name: '_linkdrop.x.example', value: 'v=1' };

describe('checkInWords', () => {
  it('should say what is missing, what is wrong and when DNS itself failed', () => {
    expect(checkInWords({ ...record, ok: true }, wordsFor('en')).text).toBe(
      'Found: the TXT record is right',
    );
    expect(checkInWords({ ...record, ok: false, error: 'ENODATA' }, wordsFor('en')).text).toMatch(
      /^No TXT record found at _linkdrop\.x\.example: add it/,
    );
    expect(checkInWords({ ...record, ok: false, found: ['v=0'] }, wordsFor('en')).text).toBe(
      'Found v=0 at _linkdrop.x.example instead of v=1: change the record',
    );
    expect(
      checkInWords({ ...record, ok: false, error: 'ECONNREFUSED' }, wordsFor('en')).text,
    ).toMatch(/^The DNS could not be asked about _linkdrop\.x\.example \(ECONNREFUSED\)/);
  });
});
