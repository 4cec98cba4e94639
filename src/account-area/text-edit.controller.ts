import { Controller, Get, Param, ParseIntPipe, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../common/errors/domain-error';
import { UpdateTextDto } from '../texts/dto/create-text.dto';
import { TextDto } from '../texts/dto/text.dto';
import { TextsService } from '../texts/texts.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { parseForm } from './form';
import { Pages, Viewer } from './pages';
import { PageForm } from './forms/page-query.decorator';
import { TextForm, noText } from './forms/share.forms';
import { wordsOf } from '../i18n/language-of';
import { tk } from '../i18n/i18n';

/** `/account/texts/:id/edit`: a text share's content and settings; its address stays. */
@AccountArea()
@Controller('account/texts/:id/edit')
export class TextEditController {
  constructor(
    private readonly pages: Pages,
    private readonly texts: TextsService,
  ) {}

  @Get()
  async page(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ): Promise<void> {
    const text = await this.texts.get(viewer.account!.id, { id });
    this.show(viewer, res, text, {});
  }

  @Post()
  async save(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @PageForm(TextForm) form: TextForm,
    @Res() res: Response,
  ): Promise<void> {
    const accountId = viewer.account!.id;
    const text = await this.texts.get(accountId, { id });
    const content = form.content;
    const parsed = await parseForm(wordsOf(res.req), UpdateTextDto, {
      title: form.title ?? null,
      text_type: form.text_type,
      language: form.language,
      content,
      password: form.remove_password === '1' ? null : form.password,
      expire_at: form.expire_at ? Date.parse(`${form.expire_at}Z`) / 1000 : null,
    });
    try {
      if (!parsed.dto) throw new DomainError(400, 'validation_failed', parsed.error);
      if (content.trim() === '') throw noText();
      await this.texts.update(accountId, { id }, parsed.dto);
      res.redirect(303, `/account/texts?updated=${id}`);
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      this.show(viewer, res, { ...text, content }, { error: e.message }, e.status);
    }
  }

  private show(viewer: Viewer, res: Response, text: TextDto, data: object, status = 200) {
    const form = {
      title: text.title ?? '',
      text_type: text.text_type,
      language: text.language ?? '',
      content: text.content ?? '',
      expire_at: text.expire_at ? new Date(text.expire_at * 1000).toISOString().slice(0, 16) : '',
    };
    const view = { section: 'texts' as const, text, form, ...data };
    this.pages.send(res, 'text-edit', tk('Edit text'), viewer, view, status);
  }
}
