import { Controller, Get, Param, ParseIntPipe, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../common/errors/domain-error';
import { UpdateTextDto } from '../texts/dto/create-text.dto';
import { TextsService } from '../texts/texts.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { parseForm } from './form';
import type { Viewer } from './pages';
import { TextEditView } from './text-edit.view';
import { TagsService } from '../tags/tags.service';
import { PageForm } from './forms/page-query.decorator';
import { TextForm, noText } from './forms/share.forms';
import { wordsOf } from '../i18n/language-of';

/** `/account/texts/:id/edit`: a text share's content and settings; its address stays. */
@AccountArea()
@Controller('account/texts/:id/edit')
export class TextEditController {
  constructor(
    private readonly view: TextEditView,
    private readonly texts: TextsService,
    private readonly tags: TagsService,
  ) {}

  @Get()
  async page(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ): Promise<void> {
    const text = await this.texts.get(viewer.account!.id, { id });
    await this.view.render(viewer, res, text, {});
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
      unfurl: form.unfurl === '1',
    });
    try {
      if (!parsed.dto) throw new DomainError(400, 'validation_failed', parsed.error);
      if (content.trim() === '') throw noText();
      await this.tags.withNamed(accountId, form.tags, (tag_ids) =>
        this.texts.update(accountId, { id }, { ...parsed.dto, tag_ids }),
      );
      res.redirect(303, `/account/texts?updated=${id}`);
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      await this.view.render(viewer, res, { ...text, content }, { error: e.message }, e.status);
    }
  }
}
