import { Controller, Get, Post, Req, Res, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthenticatedAccount } from '../../auth/authenticated-account';
import { CurrentAccount } from '../../auth/current-account.decorator';
import { PasswordSignIn } from '../../auth/password-sign-in.decorator';
import { RawResponse } from '../../common/decorators/raw-response.decorator';
import { ApiAuth } from '../../auth/scopes/api-auth.decorator';
import { assertAllowed, Scope } from '../../auth/scopes/scopes';
import { YourlsErrorsFilter } from './yourls-errors.filter';
import { sendYourls, YourlsResult } from './yourls-output';
import { formatOf, paramsOf } from './yourls.params';
import { YourlsService } from './yourls.service';
import { YourlsResponses } from './yourls-schema';

/** Ours, YOURLS's own file name, and where S.EE documents it (`{base_url}/yourls`). */
export const YOURLS_PATHS = ['yourls', 'yourls-api.php', 'api/v1/yourls'];

/**
 * The YOURLS API (`yourls-api.php`), which ShareX's built-in shortener and many tools speak:
 * `signature` as the token (or `username` and `password`), GET or a form POST (urlencoded or
 * multipart), answers in YOURLS's shapes.
 */
/** The token scope each action needs (`version` needs none). */
const ACTION_SCOPES: Record<string, Scope> = {
  shorturl: 'links:write',
  expand: 'links:read',
  'url-stats': 'stats:read',
  stats: 'stats:read',
  'db-stats': 'stats:read',
};

@ApiTags('yourls compatibility')
@ApiAuth('any')
@PasswordSignIn()
@RawResponse()
@UseFilters(YourlsErrorsFilter)
@Controller()
export class YourlsController {
  constructor(private readonly yourls: YourlsService) {}

  @Get(YOURLS_PATHS)
  @YourlsResponses()
  @ApiProduces('text/plain', 'application/json', 'application/javascript', 'application/xml')
  @ApiOperation({ summary: 'YOURLS API by query string (see the POST form for the parameters)' })
  get(
    @CurrentAccount() account: AuthenticatedAccount,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    return this.call(account, req, res);
  }

  @Post(YOURLS_PATHS)
  @YourlsResponses()
  @ApiProduces('text/plain', 'application/json', 'application/javascript', 'application/xml')
  @ApiOperation({
    summary: 'YOURLS API: action=shorturl|expand|url-stats|stats|db-stats|version',
    description:
      'Parameters in the query or a form body (urlencoded or multipart): signature (the API ' +
      'token) or username (the account email) and password, action, url, keyword, ' +
      'title, shorturl, filter=top|bottom|last|rand and limit, start (stats; at most 1000 links), ' +
      'format=simple (default)|json|jsonp (callback=)|xml. A taken keyword gets a random slug. ' +
      'Stats cover your own links; clicks count every visit, bots included, as YOURLS counts. ' +
      'statusCode and errorCode are strings, as YOURLS sends them.',
  })
  async call(
    @CurrentAccount() account: AuthenticatedAccount,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const p = paramsOf(req);
    sendYourls(res, formatOf(p.format), await this.run(account, p, req.ip ?? ''), p.callback);
  }

  private run(account: AuthenticatedAccount, p: Record<string, string | undefined>, ip: string) {
    const action = p.action ?? '';
    assertAllowed(
      account.scopes,
      Object.hasOwn(ACTION_SCOPES, action) ? ACTION_SCOPES[action] : null,
    );
    switch (p.action) {
      case 'shorturl':
        return this.yourls.shorturl(account, p, ip);
      case 'expand':
        return this.yourls.expand(account.id, p.shorturl);
      case 'url-stats':
        return this.yourls.urlStats(account.id, p.shorturl);
      case 'stats':
        return this.yourls.stats(account.id, p);
      case 'db-stats':
        return this.yourls.dbStats(account.id);
      case 'version':
        return this.yourls.version();
      default: {
        const message = 'Unknown or missing "action" parameter';
        return { body: { errorCode: '400', message }, simple: message } satisfies YourlsResult;
      }
    }
  }
}
