import { Controller, Get, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { TokensService } from '../auth/tokens.service';
import { Env } from '../config/env';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { integrations } from './integrations';
import { Pages, Viewer } from './pages';
import { wordsOf } from '../i18n/language-of';

/**
 * `/account/integrations`: settings for the tools people upload and shorten with. Tokens are
 * stored hashed, so the settings carry a token made for them, shown this once.
 */
@AccountArea()
@Controller('account/integrations')
export class IntegrationsPageController {
  private readonly base: string;

  constructor(
    private readonly pages: Pages,
    private readonly tokens: TokensService,
    env: Env,
  ) {
    this.base = env.PUBLIC_URL.replace(/\/+$/, '');
  }

  @Get()
  page(@CurrentViewer() viewer: Viewer, @Res() res: Response): void {
    this.pages.send(res, 'integrations', 'Integrations', viewer, {
      section: 'integrations',
      list: null,
      tokenName: 'Integrations',
    });
  }

  @Post()
  async make(@CurrentViewer() viewer: Viewer, @Res() res: Response): Promise<void> {
    const { token } = await this.tokens.replace(viewer.account!.id, 'Integrations');
    this.pages.send(res, 'integrations', 'Integrations', viewer, {
      section: 'integrations',
      list: integrations(this.base, token).map((x) => ({
        ...x,
        name: wordsOf(res.req).t(x.name),
        how: wordsOf(res.req).t(x.how),
      })),
      tokenName: 'Integrations',
    });
  }
}
