import { Body, Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { CurrentAccount } from '../auth/current-account.decorator';
import { ApiAuth } from '../auth/scopes/api-auth.decorator';
import { PageQuery } from '../common/pagination';
import { LinkAddressDto } from '../links/dto/update-link.dto';
import { CreatedQrCodeDto, CreateQrCodeDto, QrCodeListDto } from './qr-code.dto';
import { QrCodesService } from './qr-codes.service';
import { ApiErrors, ApiSeeData } from '../common/openapi-responses';

/** S.EE's QR codes: short links made to be printed and scanned. */
@ApiTags('qr codes')
@ApiAuth('links')
// Full paths: S.EE's routes here span several nouns (bio and bios), and each is found by grep.
@Controller()
export class QrCodesController {
  constructor(private readonly qrCodes: QrCodesService) {}

  @Post('api/v1/qrcode')
  @ApiSeeData(CreatedQrCodeDto)
  @ApiErrors({ 400: ['slug_reserved', 'domain_not_allowed'], 409: ['slug_taken'] })
  @HttpCode(200)
  @ApiOperation({
    summary: 'Make a QR code: a short link, with its image as PNG, SVG and PDF',
    description: 'The images encode the short URL with ?qr=1. Counts against qrcode limits.',
  })
  create(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: CreateQrCodeDto,
  ): Promise<CreatedQrCodeDto> {
    return this.qrCodes.create(account, dto);
  }

  @Delete('api/v1/qrcode')
  @ApiSeeData(null)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Delete the QR code named by domain and slug' })
  async delete(
    @CurrentAccount() account: AuthenticatedAccount,
    @Body() dto: LinkAddressDto,
  ): Promise<null> {
    await this.qrCodes.delete(account.id, dto);
    return null;
  }

  @Get('api/v1/qrcodes')
  @ApiSeeData(QrCodeListDto)
  @ApiOperation({ summary: 'Your QR codes, newest first, with their scans' })
  list(
    @CurrentAccount() account: AuthenticatedAccount,
    @Query() q: PageQuery,
  ): Promise<QrCodeListDto> {
    return this.qrCodes.list(account.id, q.page, q.per_page);
  }
}
