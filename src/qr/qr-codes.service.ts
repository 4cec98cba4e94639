import { Injectable } from '@nestjs/common';
import { notFound } from '../common/errors/domain-error';
import { createInput } from '../links/dto/to-input';
import { LinkRef } from '../links/link-input';
import { LinksService } from '../links/links.service';
import type { UsageOwner } from '../auth/plans/usage.service';
import {
  createdQrCode,
  CreatedQrCodeDto,
  CreateQrCodeDto,
  imagesOf,
  QrCodeListDto,
} from './qr-code.dto';

/** A QR code is a redirect link flagged as one: same namespace, analytics and limits. */
@Injectable()
export class QrCodesService {
  constructor(private readonly links: LinksService) {}

  async create(owner: UsageOwner, dto: CreateQrCodeDto): Promise<CreatedQrCodeDto> {
    return createdQrCode(await this.links.create(owner, { ...createInput(dto), qrCode: true }));
  }

  async delete(accountId: number, ref: LinkRef) {
    const link = await this.links.get(accountId, ref, 'redirect');
    if (link.object_type !== 4) throw notFound('QR code');
    return this.links.delete(accountId, { id: link.id });
  }

  async list(accountId: number, page: number, perPage: number): Promise<QrCodeListDto> {
    const [links, total] = await Promise.all([
      this.links.list(accountId, { qrCode: true }, page, perPage),
      this.links.countQrCodes(accountId),
    ]);
    const qrcodes = links.map((l) => ({
      slug: l.slug,
      short_url: l.short_url,
      domain: l.domain,
      title: l.title ?? '',
      scan_count: l.visit_count,
      created_at: l.created_at,
      ...imagesOf(l.short_url),
    }));
    return { qrcodes, total };
  }
}
