import { Controller, Get, Param, ParseIntPipe, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { TokensService } from '../auth/tokens.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { Pages, Viewer } from './pages';
import { PageForm } from './forms/page-query.decorator';
import { tokenRequestOf, TokenForm } from './forms/token.form';
import { wordsOf } from '../i18n/language-of';
import { SCOPES } from '../auth/scopes/scopes';

/** `/account/tokens`: API tokens made, listed and revoked in the browser. */
@AccountArea()
@Controller('account/tokens')
export class TokensPageController {
  constructor(
    private readonly pages: Pages,
    private readonly tokens: TokensService,
  ) {}

  @Get()
  list(@CurrentViewer() viewer: Viewer, @Res() res: Response): Promise<void> {
    return this.show(viewer, res, {});
  }

  /** The token is in this answer only: it is stored hashed. Nothing checked: full access. */
  @Post()
  async create(
    @CurrentViewer() viewer: Viewer,
    @PageForm(TokenForm) form: TokenForm,
    @Res() res: Response,
  ) {
    const { dto, error } = await tokenRequestOf(form, wordsOf(res.req));
    if (!dto) return this.show(viewer, res, { error, form }, 400);
    const { token } = await this.tokens.create(viewer.account!.id, dto);
    await this.show(viewer, res, { created: { name: dto.name, token } }, 201);
  }

  @Post(':id/revoke')
  async revoke(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Res() res: Response,
  ): Promise<void> {
    const [token] = (await this.tokens.list(viewer.account!.id)).filter((t) => t.id === id);
    await this.tokens.revoke(viewer.account!.id, id);
    const notice = wordsOf(res.req).t(
      'Token “{{name}}” revoked: programs using it can no longer sign in',
      { name: token?.name ?? String(id) },
    );
    await this.show(viewer, res, { notice });
  }

  private async show(viewer: Viewer, res: Response, data: object, status = 200) {
    const w = wordsOf(res.req);
    const tokens = (await this.tokens.list(viewer.account!.id)).map((t) => ({
      id: t.id,
      name: t.name,
      prefix: t.prefix,
      created: w.time(t.created_at),
      lastUsed: w.time(t.last_used_at),
      expires: t.expires_at ? w.time(t.expires_at) : null,
      scopes: t.scopes,
      note: t.note,
    }));
    this.pages.send(
      res,
      'tokens',
      'API tokens',
      viewer,
      { section: 'tokens', tokens, scopeNames: SCOPES, form: new TokenForm(), ...data },
      status,
    );
  }
}
