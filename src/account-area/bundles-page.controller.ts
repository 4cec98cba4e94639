import { Controller, Param, ParseIntPipe, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { BundlesService } from '../bundles/bundles.service';
import { tk } from '../i18n/i18n';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { FilesPageView } from './files-page.view';
import { PageForm } from './forms/page-query.decorator';
import { SelectedSharesForm } from './forms/share.forms';
import type { Viewer } from './pages';

/** `/account/bundles/:id/delete`: a bundle goes, with its files (the files page lists both). */
@AccountArea()
@Controller('account/bundles')
export class BundlesPageController {
  constructor(
    private readonly bundles: BundlesService,
    private readonly view: FilesPageView,
  ) {}

  @Post(':id/delete')
  async delete(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    // Only its CSRF token: the form carries nothing else.
    @PageForm(SelectedSharesForm) _form: SelectedSharesForm,
    @Res() res: Response,
  ): Promise<void> {
    await this.bundles.delete(viewer.account!.id, id);
    await this.view.render(viewer, res, { notice: tk('Bundle deleted, with its files') });
  }
}
