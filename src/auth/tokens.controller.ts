import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../common/pipes/id.pipe';
import { CurrentAccount } from './current-account.decorator';
import { ApiAuth } from './scopes/api-auth.decorator';
import type { AuthenticatedAccount } from './authenticated-account';
import { CreatedTokenDto, CreateTokenDto, RevokedDto, TokenDto } from './dto/token.dto';
import { TokensService } from './tokens.service';
import { ApiData, ApiErrors } from '../common/openapi-responses';

@ApiTags('tokens')
@ApiAuth('full')
@Controller('api/v1/tokens')
export class TokensController {
  constructor(private readonly tokens: TokensService) {}

  @Get()
  @ApiData([TokenDto])
  @ApiOperation({ summary: 'The active API tokens of the account' })
  list(@CurrentAccount() account: AuthenticatedAccount): Promise<TokenDto[]> {
    return this.tokens.list(account.id);
  }

  @Post()
  @ApiData(CreatedTokenDto, { status: 201 })
  @ApiErrors({ 400: ['validation_failed'] })
  @ApiOperation({
    summary: 'Create an API token; the token is in the answer only this once',
    description:
      'With scopes, the token may make only the calls that need them (403 insufficient_scope ' +
      'for the rest, naming the scope); managing tokens needs a token with full access.',
  })
  create(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: CreateTokenDto,
  ): Promise<CreatedTokenDto> {
    return this.tokens.create(account.id, dto);
  }

  @Delete(':id')
  @ApiData(RevokedDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({
    summary: 'Revoke a token; it stops working at once',
    description:
      'At once on every instance when they share Redis; without Redis, other instances keep ' +
      'trusting what they read of the token for up to AUTH_CACHE_SECONDS (default 1).',
  })
  revoke(
    @CurrentAccount() account: AuthenticatedAccount,
    @Param('id', IdPipe) id: number,
  ): Promise<{ id: number; revoked: true }> {
    return this.tokens.revoke(account.id, id);
  }
}
