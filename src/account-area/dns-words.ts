import type { DnsRecordDto } from '../custom-domains/dto/custom-domain.dto';

/** Resolver codes that mean "there is no such record", not "DNS could not be asked". */
const NOTHING_THERE = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/** A DNS check of one record, as a sentence: what was found, or what to do. */
export function checkInWords(r: DnsRecordDto): { ok: boolean; text: string } {
  if (r.ok) return { ok: true, text: `Found: the ${r.type} record is right` };
  const found = r.found ?? [];
  if (found.length) {
    return {
      ok: false,
      text: `Found ${found.join(', ')} at ${r.name} instead of ${r.value}: change the record`,
    };
  }
  if (!r.error || NOTHING_THERE.has(r.error)) {
    return {
      ok: false,
      text: `No ${r.type} record found at ${r.name}: add it, then check again (DNS can take an hour to spread)`,
    };
  }
  return {
    ok: false,
    text: `The DNS could not be asked about ${r.name} (${r.error}): check again in a minute`,
  };
}
