import type { DnsRecordDto } from '../custom-domains/dto/custom-domain.dto';
import type { Words } from '../i18n/i18n';

/** Resolver codes that mean "there is no such record", not "DNS could not be asked". */
const NOTHING_THERE = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/** A DNS check of one record, as a sentence: what was found, or what to do. */
export function checkInWords(r: DnsRecordDto, w: Words): { ok: boolean; text: string } {
  const vars = { type: r.type, name: r.name, value: r.value, error: r.error ?? '' };
  if (r.ok) return { ok: true, text: w.t('Found: the {{type}} record is right', vars) };
  const found = r.found ?? [];
  if (found.length) {
    return {
      ok: false,
      text: w.t('Found {{found}} at {{name}} instead of {{value}}: change the record', {
        ...vars,
        found: found.join(', '),
      }),
    };
  }
  if (!r.error || NOTHING_THERE.has(r.error)) {
    return {
      ok: false,
      text: w.t(
        'No {{type}} record found at {{name}}: add it, then check again (DNS can take an hour to spread)',
        vars,
      ),
    };
  }
  return {
    ok: false,
    text: w.t(
      'The DNS could not be asked about {{name}} ({{error}}): check again in a minute',
      vars,
    ),
  };
}
