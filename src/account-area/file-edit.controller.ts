import { Controller, Get, Param, ParseIntPipe, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../common/errors/domain-error';
import { PrivateFilesService } from '../files/private-files.service';
import { tk } from '../i18n/i18n';
import { wordsOf } from '../i18n/language-of';
import { updateInput } from '../links/dto/to-input';
import { UpdateLinkDto } from '../links/dto/update-link.dto';
import { LinksService } from '../links/links.service';
import { TagsService } from '../tags/tags.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { FileEditView } from './file-edit.view';
import { parseForm } from './form';
import { FileEditForm } from './forms/file-edit.form';
import { PageForm } from './forms/page-query.decorator';
import type { Viewer } from './pages';

/** `/account/files/:id/edit`: a file's title, password, expiry, privacy and tags. */
@AccountArea()
@Controller('account/files/:id/edit')
export class FileEditController {
  constructor(
    private readonly view: FileEditView,
    private readonly links: LinksService,
    private readonly privateFiles: PrivateFilesService,
    private readonly tags: TagsService,
  ) {}

  @Get()
  async page(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Query('shared') shared: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const link = await this.links.get(viewer.account!.id, { id }, 'file');
    const notice = shared ? tk('Shared: its address is below, ready to copy') : null;
    await this.view.render(viewer, res, link, { notice });
  }

  @Post()
  async save(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @PageForm(FileEditForm) form: FileEditForm,
    @Res() res: Response,
  ): Promise<void> {
    const accountId = viewer.account!.id;
    const link = await this.links.get(accountId, { id }, 'file');
    const parsed = await parseForm(wordsOf(res.req), UpdateLinkDto, {
      // An emptied field clears it.
      title: form.title ?? null,
      password: form.remove_password === '1' ? null : form.password,
      expire_at: form.expire_at ? Date.parse(`${form.expire_at}Z`) / 1000 : null,
      unfurl: form.unfurl === '1',
    });
    try {
      if (!parsed.dto) throw new DomainError(400, 'validation_failed', parsed.error);
      const input = updateInput(parsed.dto);
      await this.tags.withNamed(accountId, form.tags, (tagIds) =>
        this.links.update(accountId, { id }, { ...input, tagIds }, 'file'),
      );
      await this.privateFiles.setPrivate(accountId, id, form.private === '1');
      res.redirect(303, `/account/files?updated=${id}`);
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      await this.view.render(viewer, res, link, { error: e.message }, e.status);
    }
  }
}
