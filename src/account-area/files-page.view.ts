import { Clock } from '../common/clock';
import { typeLabelOf } from '../files/file-type-label';
import { withBadges } from './share-badges';
import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { FILE_KINDS, FILE_SORTS } from '../files/files.repository';
import { FilesService, HISTORY_PAGE_SIZE } from '../files/files.service';
import { formatBytes } from './format';
import { ShareListQuery } from './forms/share-list.query';
import { Pages, Viewer } from './pages';
import { wordsOf } from '../i18n/language-of';

/** The view model of `/account/files`: the account's files as the query asks, and its limit. */
@Injectable()
export class FilesPageView {
  constructor(
    private readonly pages: Pages,
    private readonly files: FilesService,
    private readonly clock: Clock,
  ) {}

  async render(
    viewer: Viewer,
    res: Response,
    { query = new ShareListQuery(), ...data }: { query?: ShareListQuery; notice?: string },
  ) {
    const account = viewer.account!;
    const { page, q } = query;
    const sort = FILE_SORTS.find((x) => x === query.sort) ?? 'newest';
    const kind = FILE_KINDS.find((x) => x === query.kind);
    const rows = await this.files.history(account.id, page, { q: q || undefined, sort, kind });
    const w = wordsOf(res.req);
    this.pages.send(res, 'files', 'Files', viewer, {
      section: 'files',
      ...data,
      q,
      page,
      hasMore: rows.length === HISTORY_PAGE_SIZE,
      files: withBadges(rows, this.clock.now(), w).map((f) => ({
        ...f,
        sizeText: formatBytes(f.size),
        typeLabel: typeLabelOf(f.mime_type, w),
      })),
      filter: { q, sort, kind: kind ?? '' },
      maxFileBytes: account.maxFileBytes,
      maxFile: formatBytes(account.maxFileBytes),
    });
  }
}
