import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { EmailChecks } from '../auth/email-tokens/email-checks.service';
import { PasswordResets } from '../auth/email-tokens/password-resets.service';
import { Public } from '../common/decorators/public.decorator';
import { DomainError } from '../common/errors/domain-error';
import { ApiData, ApiErrors } from '../common/openapi-responses';
import { AcceptedDto, EmailDto, MailedTokenDto, NewPasswordDto } from './dto/by-mail.dto';

const ACCEPTED = { message: 'If an account has this address, a mail is on its way' };

/** What is done through links sent by mail: password resets and address checks. */
@ApiTags('auth')
@Public()
@Controller('api/v1/auth')
export class ByMailController {
  constructor(
    private readonly resets: PasswordResets,
    private readonly checks: EmailChecks,
  ) {}

  @Post('password-reset')
  @HttpCode(202)
  @ApiData(AcceptedDto, { status: 202 })
  @ApiErrors({ 400: ['validation_failed'], 429: ['rate_limited'] })
  @ApiOperation({
    summary: 'Mail a single-use link (valid an hour) that sets a new password',
    description:
      'Always 202, whether or not the address has an account (throttled per IP and address).',
  })
  async requestReset(@Body() dto: EmailDto, @Req() req: Request): Promise<AcceptedDto> {
    await this.resets.request(dto.email, req.ip ?? '');
    return ACCEPTED;
  }

  @Post('password-reset/confirm')
  @HttpCode(200)
  @ApiData(AcceptedDto)
  @ApiErrors({ 400: ['validation_failed'] })
  @ApiOperation({ summary: "A new password with the mailed link's token (every session ends)" })
  async confirmReset(@Body() dto: NewPasswordDto): Promise<AcceptedDto> {
    await this.resets.complete(dto.token, dto.password);
    return { message: 'Password changed: log in with it' };
  }

  @Post('verify-email')
  @HttpCode(200)
  @ApiData(AcceptedDto)
  @ApiErrors({ 400: ['validation_failed'] })
  @ApiOperation({ summary: "Confirm the account's address with the mailed link's token" })
  async verify(@Body() dto: MailedTokenDto): Promise<AcceptedDto> {
    if ((await this.checks.confirm(dto.token)) === null) {
      throw new DomainError(
        400,
        'validation_failed',
        'This link is not valid any more: ask for a new one',
      );
    }
    return { message: 'Address confirmed: log in' };
  }

  @Post('verify-email/resend')
  @HttpCode(202)
  @ApiData(AcceptedDto, { status: 202 })
  @ApiErrors({ 400: ['validation_failed'], 429: ['rate_limited'] })
  @ApiOperation({ summary: 'Mail a new link that confirms the address (202 whatever the address)' })
  async resend(@Body() dto: EmailDto): Promise<AcceptedDto> {
    await this.checks.resend(dto.email);
    return ACCEPTED;
  }
}
