import {
  exportCount,
  exportDate,
  exportText,
  ImportFormatError,
  ImportRecord,
} from '../import-record';

interface KuttLink {
  address?: unknown;
  target?: unknown;
  description?: unknown;
  visit_count?: unknown;
  expire_in?: unknown;
  created_at?: unknown;
}

/**
 * Kutt's API answer to `GET /api/v2/links` (`{ limit, skip, total, data: [...] }`), several such
 * pages in one JSON array, or a bare array of its links.
 */
export function parseKutt(text: string): ImportRecord[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new ImportFormatError(`not JSON: ${(e as Error).message}`);
  }
  const pages: unknown[] = Array.isArray(json) && json.every(isPage) ? json : [json];
  const links = pages.flatMap((p): unknown[] => (isPage(p) ? p.data : Array.isArray(p) ? p : []));
  if (!pages.every((p) => isPage(p) || Array.isArray(p))) {
    throw new ImportFormatError('not a Kutt links answer (expected { data: [...] })');
  }
  return (links as KuttLink[]).map((l, i) => ({
    at: i + 1,
    url: exportText(l?.target) ?? '',
    slug: exportText(l?.address),
    title: exportText(l?.description),
    expireAt: exportDate(l?.expire_in),
    createdAt: exportDate(l?.created_at),
    visits: exportCount(l?.visit_count),
  }));
}

const isPage = (p: unknown): p is { data: unknown[] } =>
  typeof p === 'object' && p !== null && Array.isArray((p as { data?: unknown }).data);
