import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import { AuthAttempt } from '../rate-limit/auth-attempt.decorator';
import { AuthService } from './auth.service';
import { SessionDto } from './dto/account.dto';
import { CredentialsDto } from './dto/credentials.dto';
import { ApiData, ApiErrors } from '../common/openapi-responses';

@ApiTags('auth')
@Public()
@Controller('api/v1/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('signup')
  @ApiData(SessionDto, { status: 201 })
  @ApiErrors({ 403: ['signup_closed'], 409: ['email_taken'], 429: ['rate_limited'] })
  @AuthAttempt('signup')
  @ApiOperation({ summary: 'Create an account; answers a fresh API token (shown once)' })
  signup(@Body() dto: CredentialsDto): Promise<SessionDto> {
    return this.auth.signup(dto.email, dto.password);
  }

  @Post('login')
  @ApiData(SessionDto)
  @ApiErrors({ 401: ['invalid_credentials'], 429: ['rate_limited'] })
  @AuthAttempt('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Log in; answers a fresh API token (shown once)' })
  login(@Body() dto: CredentialsDto): Promise<SessionDto> {
    return this.auth.login(dto.email, dto.password);
  }
}
