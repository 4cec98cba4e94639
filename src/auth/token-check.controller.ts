import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAuth } from './scopes/api-auth.decorator';
import { CheckTokenDto, TokenCheckDto } from './dto/token.dto';
import { TokensService } from './tokens.service';
import { ApiSeeData } from '../common/openapi-responses';

@ApiTags('tokens')
@ApiAuth('any')
@Controller('api/v1/token')
export class TokenCheckController {
  constructor(private readonly tokens: TokensService) {}

  @Post('check')
  @ApiSeeData(TokenCheckDto)
  @HttpCode(200)
  @ApiOperation({
    summary: 'S.EE: whether a token works now (`valid`), masked, and when it expires (0: never)',
  })
  check(@Body() dto: CheckTokenDto): Promise<TokenCheckDto> {
    return this.tokens.check(dto.token);
  }
}
