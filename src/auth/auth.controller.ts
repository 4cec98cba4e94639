import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/decorators/public.decorator';
import { AuthAttempt } from '../rate-limit/auth-attempt.decorator';
import { AuthService } from './auth.service';
import { SessionDto } from './dto/account.dto';
import { CredentialsDto } from './dto/credentials.dto';

@ApiTags('auth')
@Public()
@Controller('api/v1/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('signup')
  @AuthAttempt('signup')
  @ApiOperation({ summary: 'Create an account; answers a fresh API token (shown once)' })
  signup(@Body() dto: CredentialsDto): Promise<SessionDto> {
    return this.auth.signup(dto.email, dto.password);
  }

  @Post('login')
  @AuthAttempt('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Log in; answers a fresh API token (shown once)' })
  login(@Body() dto: CredentialsDto): Promise<SessionDto> {
    return this.auth.login(dto.email, dto.password);
  }
}
