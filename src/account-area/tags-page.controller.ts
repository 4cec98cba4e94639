import { Controller, Get, Param, ParseIntPipe, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { TagsService } from '../tags/tags.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { Pages, Viewer } from './pages';
import { PageForm } from './forms/page-query.decorator';
import { NameForm, tagNameOf } from './forms/share.forms';
import { showOutcome } from './forms/form-outcome';
import { wordsOf } from '../i18n/language-of';
import { tk } from '../i18n/i18n';

/** `/account/tags`: the account's tags, added, renamed and deleted. */
@AccountArea()
@Controller('account/tags')
export class TagsPageController {
  constructor(
    private readonly pages: Pages,
    private readonly tags: TagsService,
  ) {}

  @Get()
  list(@CurrentViewer() viewer: Viewer, @Res() res: Response): Promise<void> {
    return this.show(viewer, res, {});
  }

  @Post()
  add(@CurrentViewer() viewer: Viewer, @PageForm(NameForm) form: NameForm, @Res() res: Response) {
    return this.attempt(viewer, res, async () => {
      const name = await tagNameOf(form, wordsOf(res.req));
      await this.tags.create(viewer.account!.id, name);
      return wordsOf(res.req).t('Added {{name}}', { name });
    });
  }

  @Post(':id/rename')
  rename(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @PageForm(NameForm) form: NameForm,
    @Res() res: Response,
  ) {
    return this.attempt(viewer, res, async () => {
      const name = await tagNameOf(form, wordsOf(res.req));
      await this.tags.rename(viewer.account!.id, id, name);
      return wordsOf(res.req).t('Renamed to {{name}}', { name });
    });
  }

  @Post(':id/delete')
  delete(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ) {
    return this.attempt(viewer, res, async () => {
      await this.tags.delete(viewer.account!.id, id);
      return tk('Tag deleted');
    });
  }

  private attempt(viewer: Viewer, res: Response, work: () => Promise<string>) {
    return showOutcome(work, (outcome, status) => this.show(viewer, res, outcome, status), [404]);
  }

  private async show(viewer: Viewer, res: Response, data: object, status = 200) {
    const tags = await this.tags.list(viewer.account!.id);
    this.pages.send(res, 'tags', 'Tags', viewer, { section: 'tags', tags, ...data }, status);
  }
}
