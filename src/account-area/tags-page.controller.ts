import { Controller, Get, Param, ParseIntPipe, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../common/errors/domain-error';
import { SaveTagDto } from '../tags/dto/tag.dto';
import { TagsService } from '../tags/tags.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { parseForm } from './form';
import { Pages, Viewer } from './pages';
import { PageForm } from './forms/page-query.decorator';
import { NameForm } from './forms/share.forms';
import { formOutcome } from './forms/form-outcome';

/** The name, by the API's rules (1-64 characters, trimmed). */
async function nameOf(form: NameForm): Promise<string> {
  const parsed = await parseForm(SaveTagDto, { name: form.name ?? '' });
  if (!parsed.dto) throw new DomainError(400, 'validation_failed', parsed.error);
  return parsed.dto.name;
}

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
      const name = await nameOf(form);
      await this.tags.create(viewer.account!.id, name);
      return `Added ${name}`;
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
      const name = await nameOf(form);
      await this.tags.rename(viewer.account!.id, id, name);
      return `Renamed to ${name}`;
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
      return 'Tag deleted';
    });
  }

  private async attempt(viewer: Viewer, res: Response, work: () => Promise<string>) {
    const out = await formOutcome(work, [404]);
    if (out.error) return this.show(viewer, res, { error: out.error.message }, out.error.status);
    await this.show(viewer, res, { notice: out.ok });
  }

  private async show(viewer: Viewer, res: Response, data: object, status = 200) {
    const tags = await this.tags.list(viewer.account!.id);
    this.pages.send(res, 'tags', 'Tags', viewer, { section: 'tags', tags, ...data }, status);
  }
}
