import { cookieHeader, readCookie } from '../common/cookies';
import { Clock } from '../common/clock';
import { extensionLabel, typeLabelOf } from '../files/file-type-label';
import { withBadges } from './share-badges';
import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { FILE_KINDS, FILE_SORTS } from '../files/files.repository';
import { FilesService, HISTORY_PAGE_SIZE } from '../files/files.service';
import { formatBytes } from './format';
import { ShareListQuery } from './forms/share-list.query';
import { Pages, Viewer } from './pages';
import { wordsOf } from '../i18n/language-of';
import { tk } from '../i18n/i18n';
import { DomainsService } from '../domains/domains.service';
import type { LinkDto } from '../links/dto/link.dto';
import { LinksService } from '../links/links.service';
import { BundlesService } from '../bundles/bundles.service';

const pick = (l: LinkDto) => ({
  has_password: l.has_password,
  expire_at: l.expire_at,
  is_expired: l.is_expired,
  taken_down_reason: l.taken_down_reason,
});

const VIEW_COOKIE = 'ld_files_view';
const YEAR = 365 * 86_400;

/** The list or the gallery: as asked (and then remembered in this browser), or as last chosen. */
function galleryOrList(res: Response, asked: string | undefined): 'list' | 'grid' {
  if (asked === 'list' || asked === 'grid') {
    const secure = res.req.secure;
    res.append(
      'Set-Cookie',
      cookieHeader(VIEW_COOKIE, asked, { path: '/account', maxAge: YEAR, secure }),
    );
    return asked;
  }
  return readCookie(res.req.headers.cookie, VIEW_COOKIE) === 'grid' ? 'grid' : 'list';
}

/** The view model of `/account/files`: the account's files as the query asks, and its limit. */
@Injectable()
export class FilesPageView {
  constructor(
    private readonly pages: Pages,
    private readonly files: FilesService,
    private readonly clock: Clock,
    private readonly domains: DomainsService,
    private readonly links: LinksService,
    private readonly bundles: BundlesService,
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
    // The state of each file's link (password, expiry, taken down), for its badges.
    const links = new Map(
      (
        await this.links.getMany(
          account.id,
          rows.map((f) => f.file_id),
        )
      ).map((l) => [l.id, l]),
    );
    const shares = rows.map((f) => {
      const l = links.get(f.file_id);
      return { ...f, ...(l && pick(l)) };
    });
    const view = galleryOrList(res, query.view);
    // The newest bundles (one address for several files), on the first page only.
    const bundles = page === 1 && !q ? await this.bundles.list(account.id, 1) : [];
    this.pages.send(res, 'files', 'Files', viewer, {
      view,
      bundles: bundles.map((b) => ({
        ...b,
        files: w.t('{{count}} files', { count: b.files.length }),
      })),
      section: 'files',
      // Back from the edit page (`?updated=<id>`).
      notice: query.updated ? tk('File saved') : null,
      ...data,
      q,
      page,
      hasMore: rows.length === HISTORY_PAGE_SIZE,
      files: withBadges(shares, this.clock.now(), w).map((f) => ({
        ...f,
        sizeText: formatBytes(f.size),
        typeLabel: typeLabelOf(f.mime_type, w),
        // The gallery's tiles: the owner's own thumbnail address (private files too).
        thumb: f.thumb_url ? `/account/files/${f.file_id}/thumb/320` : null,
        large: f.thumb_url ? `/account/files/${f.file_id}/thumb/1280` : null,
        extension: extensionLabel(f.filename),
      })),
      filter: { q, sort, kind: kind ?? '' },
      maxFileBytes: account.maxFileBytes,
      maxFile: formatBytes(account.maxFileBytes),
      domains: this.domains.systemHosts('file').concat(this.domains.customHostsOf(account.id)),
    });
  }
}
