import { ApiProperty, PickType } from '@nestjs/swagger';
import { CreateLinkDto } from '../links/dto/create-link.dto';
import { ShortLinkDto } from '../links/dto/link.dto';

/** S.EE's QrcodeCreateRequest: a short link made to be scanned. */
export class CreateQrCodeDto extends PickType(CreateLinkDto, [
  'target_url',
  'title',
  'custom_slug',
  'domain',
] as const) {}

export class QrCodeImagesDto {
  @ApiProperty({ example: 'http://localhost:3000/aZ3k9Q/qr.png' }) png_url!: string;
  @ApiProperty({ example: 'http://localhost:3000/aZ3k9Q/qr.svg' }) svg_url!: string;
  @ApiProperty({ example: 'http://localhost:3000/aZ3k9Q/qr.pdf' }) pdf_url!: string;
}

export class CreatedQrCodeDto extends QrCodeImagesDto {
  @ApiProperty() slug!: string;
  @ApiProperty({ description: 'The slug the caller asked for; "" when none was asked for' })
  custom_slug!: string;
  @ApiProperty() short_url!: string;
}

export class QrCodeItemDto extends QrCodeImagesDto {
  @ApiProperty() slug!: string;
  @ApiProperty() short_url!: string;
  @ApiProperty() domain!: string;
  @ApiProperty({ description: '"" when none' }) title!: string;
  @ApiProperty({ type: 'integer', description: 'Visits by people to the QR code link' })
  scan_count!: number;
  @ApiProperty({ type: 'integer' }) created_at!: number;
}

export class QrCodeListDto {
  @ApiProperty({ type: [QrCodeItemDto] }) qrcodes!: QrCodeItemDto[];
  @ApiProperty({ type: 'integer', description: 'All QR codes of the account' }) total!: number;
}

export const imagesOf = (shortUrl: string): QrCodeImagesDto => ({
  png_url: `${shortUrl}/qr.png`,
  svg_url: `${shortUrl}/qr.svg`,
  pdf_url: `${shortUrl}/qr.pdf`,
});

export const createdQrCode = (link: ShortLinkDto): CreatedQrCodeDto => ({
  slug: link.slug,
  custom_slug: link.custom_slug,
  short_url: link.short_url,
  ...imagesOf(link.short_url),
});
