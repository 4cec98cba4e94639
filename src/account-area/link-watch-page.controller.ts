import { Controller, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { IsOptional, IsString } from 'class-validator';
import { AccountsService } from '../auth/accounts.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { PageForm } from './forms/page-query.decorator';
import type { Viewer } from './pages';

export class WatchAllForm {
  /** `1`: every redirect's target is watched; absent (unticked): only the links that ask. */
  @IsOptional() @IsString() watch_targets?: string;
}

/** `/account/links/watch`: the account's own switch for watching every link's target. */
@AccountArea()
@Controller('account/links/watch')
export class LinkWatchPageController {
  constructor(private readonly accounts: AccountsService) {}

  @Post()
  async save(
    @CurrentViewer() viewer: Viewer,
    @PageForm(WatchAllForm) form: WatchAllForm,
    @Res() res: Response,
  ): Promise<void> {
    await this.accounts.setWatchTargets(viewer.account!.id, form.watch_targets === '1');
    res.redirect(303, '/account/links?updated=watch');
  }
}
