import { Body, Controller, Get, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../common/errors/domain-error';
import { CreateTextDto } from '../texts/dto/create-text.dto';
import { ListTextsQuery } from '../texts/dto/text.dto';
import { TextsService } from '../texts/texts.service';
import { TEXT_TYPES } from '../texts/text.entity';
import { TEXT_SORTS } from '../texts/texts.repository';
import { TagsService } from '../tags/tags.service';
import { LinksService } from '../links/links.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { deleteShares, justMade } from './share-lists';
import { filled, parseForm } from './form';
import { Pages, Viewer } from './pages';

const PER_PAGE = 20;

/** `/account/texts`: text shares (plain, code, Markdown) made, listed and deleted. */
@AccountArea()
@Controller('account/texts')
export class TextsPageController {
  constructor(
    private readonly pages: Pages,
    private readonly texts: TextsService,
    private readonly links: LinksService,
    private readonly tags: TagsService,
  ) {}

  @Get()
  async list(
    @CurrentViewer() viewer: Viewer,
    @Query('page') page: unknown,
    @Query('created') created: unknown,
    @Query('updated') updated: unknown,
    @Query('type') type: unknown,
    @Query('tag') tag: unknown,
    @Query('q') q: unknown,
    @Query('sort') sort: unknown,
    @Res() res: Response,
  ): Promise<void> {
    const made = await justMade(this.links, viewer.account!.id, created, 'text');
    const notice = updated ? 'Text saved' : null;
    await this.show(viewer, res, { page, created: made, type, tag, q, sort, notice });
  }

  @Post()
  async create(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @Res() res: Response) {
    const form = filled(body, ['title', 'text_type', 'language', 'password', 'expire_at']);
    const raw = body as { content?: unknown; burn_after_read?: unknown } | undefined;
    const content = typeof raw?.content === 'string' ? raw.content.replace(/\r\n/g, '\n') : '';
    const burn = raw?.burn_after_read === '1';
    const parsed = await parseForm(CreateTextDto, {
      ...form,
      content,
      burn_after_read: burn || undefined,
      expire_at: form.expire_at ? Date.parse(`${form.expire_at}Z`) / 1000 : undefined,
    });
    try {
      if (!parsed.dto) throw new DomainError(400, 'validation_failed', parsed.error);
      if (content.trim() === '') throw new DomainError(400, 'validation_failed', 'Write some text');
      const text = await this.texts.create(viewer.account!, parsed.dto);
      res.redirect(303, `/account/texts?created=${text.id}`);
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      const again = { ...form, content, burn_after_read: burn };
      await this.show(viewer, res, { form: again, error: e.message }, e.status);
    }
  }

  @Post('delete')
  async delete(@CurrentViewer() viewer: Viewer, @Body() body: unknown, @Res() res: Response) {
    const deleted = await deleteShares(this.links, viewer.account!.id, body, 'text');
    await this.show(viewer, res, { notice: `Deleted ${deleted} text${deleted === 1 ? '' : 's'}` });
  }

  private async show(viewer: Viewer, res: Response, data: Record<string, unknown>, status = 200) {
    const page = Math.max(1, Math.min(10_000, Number(data.page) || 1));
    const textType = TEXT_TYPES.find((x) => x === data.type);
    const tagId = Number(data.tag) || undefined;
    const search = typeof data.q === 'string' ? data.q.slice(0, 200) : '';
    const sort = TEXT_SORTS.find((x) => x === data.sort) ?? 'newest';
    const query = Object.assign(new ListTextsQuery(), {
      page,
      per_page: PER_PAGE + 1,
      text_type: textType,
      tag_id: tagId,
      q: search || undefined,
      sort,
    });
    const rows = await this.texts.list(viewer.account!.id, query);
    this.pages.send(
      res,
      'texts',
      'Texts',
      viewer,
      {
        section: 'texts',
        form: { text_type: 'plain_text' },
        created: null,
        ...data,
        page,
        texts: rows.slice(0, PER_PAGE),
        filter: { type: textType ?? '', tag: tagId ?? '', q: search, sort },
        tags: await this.tags.list(viewer.account!.id),
        hasMore: rows.length > PER_PAGE,
      },
      status,
    );
  }
}
