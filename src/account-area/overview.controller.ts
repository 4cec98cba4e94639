import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { OverviewView } from './overview.view';
import type { Viewer } from './pages';

/** `/account`: plan, usage against its limits, the last 30 days of visits, recent shares. */
@AccountArea()
@Controller('account')
export class OverviewController {
  constructor(private readonly view: OverviewView) {}

  @Get()
  overview(@CurrentViewer() viewer: Viewer, @Res() res: Response): Promise<void> {
    return this.view.render(viewer, res);
  }
}
