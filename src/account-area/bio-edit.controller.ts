import { Controller, Get, Param, ParseIntPipe, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { UpdateBioDto } from '../bio/bio.dto';
import { BioService } from '../bio/bio.service';
import { DomainError } from '../common/errors/domain-error';
import { tk } from '../i18n/i18n';
import { wordsOf } from '../i18n/language-of';
import { AccountArea } from './account-area.decorator';
import { bioFormOf, BioPagesView } from './bio-pages.view';
import { CurrentViewer } from './current-session.decorator';
import { parseForm } from './form';
import { BioForm, bioLinksOf } from './forms/bio.form';
import { PageForm } from './forms/page-query.decorator';
import type { Viewer } from './pages';

/** `/account/bio/:id/edit`: a bio page's words and links (reordered, added, removed). */
@AccountArea()
@Controller('account/bio/:id/edit')
export class BioEditController {
  constructor(
    private readonly view: BioPagesView,
    private readonly bio: BioService,
  ) {}

  @Get()
  async page(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Query('created') created: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const bio = await this.bio.get(viewer.account!.id, id);
    const notice = created ? tk('Your bio page is made: add its links below') : null;
    this.view.edit(viewer, res, bio, bioFormOf(bio), { notice });
  }

  @Post()
  async save(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @PageForm(BioForm) form: BioForm,
    @Res() res: Response,
  ): Promise<void> {
    const bio = await this.bio.get(viewer.account!.id, id);
    const links = bioLinksOf(form);
    const parsed = await parseForm(wordsOf(res.req), UpdateBioDto, {
      ...form,
      id,
      // Every field is on the form: an emptied one is cleared.
      description: form.description ?? '',
      mastodon_url: form.mastodon_url ?? '',
      rss_url: form.rss_url ?? '',
      custom_links: links,
    });
    try {
      if (!parsed.dto) throw new DomainError(400, 'validation_failed', parsed.error);
      const saved = await this.bio.update(viewer.account!.id, parsed.dto);
      this.view.edit(viewer, res, saved, bioFormOf(saved), { notice: tk('Bio page saved') });
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      this.view.edit(viewer, res, bio, { ...form, links }, { error: e.message }, e.status);
    }
  }
}
