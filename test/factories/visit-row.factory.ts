import type { VisitRow } from '../../src/analytics/rollups/rollup';

/** A visit as the recorder hands it to the writer: a person on Firefox, Linux, from Germany. */
export const visitRow = (over: Partial<VisitRow> = {}): VisitRow => ({
  linkId: 1,
  accountId: 1,
  domainId: 1,
  kind: 'redirect',
  at: new Date(),
  isBot: false,
  qr: false,
  referrerHost: null,
  referrerUrl: null,
  country: 'DE',
  browser: 'Firefox',
  os: 'Linux',
  device: 'desktop',
  language: null,
  visitorHash: 'aaaaaaaaaaaaaaaa',
  eventId: null,
  variant: null,
  utmSource: null,
  utmMedium: null,
  utmCampaign: null,
  ...over,
});
