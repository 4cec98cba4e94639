import { Controller, Param, ParseIntPipe, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { LinkRoutingService } from '../links/rules/link-routing.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { NewVariantForm, WinnerForm } from './forms/link-routing.forms';
import { PageForm } from './forms/page-query.decorator';
import { LinkEditView } from './link-edit.view';
import type { Viewer } from './pages';

/** A link's A/B split from its edit page: variants added and removed, a winner picked. */
@AccountArea()
@Controller('account/links/:id/variants')
export class LinkSplitPageController {
  constructor(
    private readonly view: LinkEditView,
    private readonly routing: LinkRoutingService,
  ) {}

  @Post()
  async add(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @PageForm(NewVariantForm) form: NewVariantForm,
    @Res() res: Response,
  ): Promise<void> {
    const accountId = viewer.account!.id;
    await this.view.apply(viewer, res, id, () =>
      this.routing.addVariant(accountId, id, form.target_url, Number(form.weight ?? 1)),
    );
  }

  @Post(':n/delete')
  async delete(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Param('n', ParseIntPipe) n: number,
    @Res() res: Response,
  ): Promise<void> {
    const accountId = viewer.account!.id;
    await this.view.apply(viewer, res, id, () => this.routing.removeVariant(accountId, id, n));
  }

  /** The owner's one click: variant `n` becomes the link's target. */
  @Post(':n/win')
  async win(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Param('n', ParseIntPipe) n: number,
    @Res() res: Response,
  ): Promise<void> {
    const accountId = viewer.account!.id;
    await this.view.apply(viewer, res, id, () => this.routing.pickWinner(accountId, id, n));
  }

  @Post('winner')
  async winner(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @PageForm(WinnerForm) form: WinnerForm,
    @Res() res: Response,
  ): Promise<void> {
    const accountId = viewer.account!.id;
    await this.view.apply(viewer, res, id, () =>
      this.routing.setWinnerRule(accountId, id, form.after_visits, form.goal),
    );
  }
}
