import { exportDate, exportTags, exportText, ImportRecord } from '../import-record';
import { csvRows } from './csv-rows';

const COLUMNS = ['url', 'slug', 'title', 'tags', 'expire_at'];

/** `url,slug,title,tags,expire_at`, with or without that header; tags split on `|`, `;` or `,`. */
export function parsePlainCsv(text: string): ImportRecord[] {
  const { rows, firstLine } = csvRows(text, COLUMNS);
  return rows.map((r, i) => ({
    at: firstLine + i,
    url: exportText(r.url) ?? '',
    slug: exportText(r.slug),
    title: exportText(r.title),
    tags: exportTags(r.tags),
    expireAt: exportDate(r.expire_at),
  }));
}
