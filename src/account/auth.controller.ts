import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { ApiExtraModels, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import { AuthAttempt } from '../rate-limit/auth-attempt.decorator';
import { AuthService } from './auth.service';
import { SessionDto, TwoFactorChallengeDto } from './dto/account.dto';
import { SecondFactorDto } from './dto/second-factor.dto';
import { VerificationRequiredDto } from './dto/by-mail.dto';
import { CredentialsDto, SignupDto } from './dto/credentials.dto';
import { ApiData, ApiErrors } from '../common/openapi-responses';

@ApiTags('auth')
@Public()
@Controller('api/v1/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('signup')
  @ApiExtraModels(SessionDto, VerificationRequiredDto)
  @ApiData(
    {
      oneOf: [
        { $ref: getSchemaPath(SessionDto) },
        { $ref: getSchemaPath(VerificationRequiredDto) },
      ],
    },
    {
      status: 201,
      description: 'A session; with AUTH_VERIFY_EMAIL, where the confirming link went',
    },
  )
  @ApiErrors({ 403: ['signup_closed'], 409: ['email_taken'], 429: ['rate_limited'] })
  @AuthAttempt('signup')
  @ApiOperation({ summary: 'Create an account; answers a fresh API token (shown once)' })
  signup(@Body() dto: SignupDto): Promise<SessionDto | VerificationRequiredDto> {
    return this.auth.signup(dto.email, dto.password, dto.invite);
  }

  @Post('login')
  @ApiExtraModels(SessionDto, TwoFactorChallengeDto)
  @ApiData(
    {
      oneOf: [{ $ref: getSchemaPath(SessionDto) }, { $ref: getSchemaPath(TwoFactorChallengeDto) }],
    },
    { description: 'A session, or (two-factor codes on) a challenge for POST /auth/login/2fa' },
  )
  @ApiErrors({ 401: ['invalid_credentials'], 403: ['forbidden'], 429: ['rate_limited'] })
  @AuthAttempt('login')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Log in; answers a fresh API token (shown once), or asks for a two-factor code',
  })
  login(
    @Body() dto: CredentialsDto,
    @Headers('user-agent') userAgent?: string,
  ): Promise<SessionDto | TwoFactorChallengeDto> {
    return this.auth.login(dto.email, dto.password, userAgent);
  }

  @Post('login/2fa')
  @ApiData(SessionDto)
  @ApiErrors({ 401: ['invalid_credentials', 'unauthorized'], 429: ['rate_limited'] })
  @AuthAttempt('code')
  @HttpCode(200)
  @ApiOperation({
    summary: "Log in's second step: the challenge and a code of the app (or a recovery code)",
  })
  secondStep(
    @Body() dto: SecondFactorDto,
    @Headers('user-agent') userAgent?: string,
  ): Promise<SessionDto> {
    return this.auth.secondStep(dto.challenge, dto.code, userAgent);
  }
}
