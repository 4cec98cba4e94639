import { DomainError } from '../common/errors/domain-error';
import { tk, type Words } from '../i18n/i18n';
import { LinksService } from '../links/links.service';

/** Deletes the checked shares of one kind; ids of other accounts are not found, and skipped. */
export async function deleteShares(
  links: LinksService,
  accountId: number,
  ids: number[],
  kind: 'redirect' | 'text' | 'file' | 'bio',
): Promise<number> {
  let deleted = 0;
  for (const id of ids.filter((n) => Number.isSafeInteger(n) && n > 0).slice(0, 100)) {
    try {
      await links.delete(accountId, { id }, kind);
      deleted++;
    } catch (e) {
      if (!(e instanceof DomainError) || e.status !== 404) throw e;
    }
  }
  return deleted;
}

/** The share a list page was sent back to after making it (`?created=<id>`), if it is ours. */
export function justMade(
  links: LinksService,
  accountId: number,
  created: number | undefined,
  kind: 'redirect' | 'text',
) {
  if (created === undefined) return Promise.resolve(null);
  return links.get(accountId, { id: created }, kind).catch(() => null);
}

const DELETED = {
  link: [tk('No link was deleted: tick the links to delete first'), tk('Deleted {{count}} links')],
  text: [tk('No text was deleted: tick the texts to delete first'), tk('Deleted {{count}} texts')],
  file: [tk('No file was deleted: tick the files to delete first'), tk('Deleted {{count}} files')],
  bio: [
    tk('No page was deleted: tick the pages to delete first'),
    tk('Deleted {{count}} bio pages'),
  ],
} as const;

/** What a bulk delete says: how many went, or what to do when none was ticked. */
export function deletedNotice(deleted: number, noun: keyof typeof DELETED, w: Words): string {
  const [none, some] = DELETED[noun];
  return deleted === 0 ? w.t(none) : w.t(some, { count: deleted });
}
