import { Clock } from '../common/clock';
import { withBadges } from './share-badges';
import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { TagsService } from '../tags/tags.service';
import { ListTextsQuery } from '../texts/dto/text.dto';
import { TEXT_TYPES } from '../texts/text.entity';
import { TEXT_SORTS } from '../texts/texts.repository';
import { TextsService } from '../texts/texts.service';
import { ShareListQuery } from './forms/share-list.query';
import { Pages, Viewer } from './pages';
import { tk } from '../i18n/i18n';
import { wordsOf } from '../i18n/language-of';

const PER_PAGE = 20;

/** What the texts page shows besides the list: a notice, the text just made, a form to redo. */
export interface TextsPageState {
  query?: ShareListQuery;
  created?: unknown;
  notice?: string | null;
  form?: Record<string, unknown>;
  error?: string;
}

/** The view model of `/account/texts`: the account's texts as the query asks, and the filters. */
@Injectable()
export class TextsPageView {
  constructor(
    private readonly pages: Pages,
    private readonly texts: TextsService,
    private readonly tags: TagsService,
    private readonly clock: Clock,
  ) {}

  async render(viewer: Viewer, res: Response, state: TextsPageState, status = 200) {
    const { query = new ShareListQuery(), ...shown } = state;
    const textType = TEXT_TYPES.find((x) => x === query.type);
    const sort = TEXT_SORTS.find((x) => x === query.sort) ?? 'newest';
    const list = Object.assign(new ListTextsQuery(), {
      page: query.page,
      per_page: PER_PAGE + 1,
      text_type: textType,
      tag_id: query.tag,
      q: query.q || undefined,
      sort,
    });
    const rows = await this.texts.list(viewer.account!.id, list);
    const data = {
      section: 'texts' as const,
      form: { text_type: 'plain_text' },
      created: null,
      // Back from the edit page (`?updated=<id>`).
      notice: query.updated ? tk('Text saved') : null,
      ...shown,
      page: query.page,
      texts: withBadges(rows.slice(0, PER_PAGE), this.clock.now(), wordsOf(res.req)),
      filter: { type: textType ?? '', tag: query.tag ?? '', q: query.q, sort },
      tags: await this.tags.list(viewer.account!.id),
      hasMore: rows.length > PER_PAGE,
    };
    this.pages.send(res, 'texts', 'Texts', viewer, data, status);
  }
}
