import { ApiProperty } from '@nestjs/swagger';
import type { Response } from 'express';
import type { ShortLinkDto } from './link.dto';

/** S.EE's answer to a creation (`/shorten`, `/text`): exactly its three fields. */
export class SeeShortUrlDto {
  @ApiProperty({ description: 'The slug the caller asked for; "" when none was asked for' })
  custom_slug!: string;
  @ApiProperty({ example: 'http://localhost:3000/aZ3k9Q' }) short_url!: string;
  @ApiProperty() slug!: string;

  static from(link: ShortLinkDto): SeeShortUrlDto {
    return { custom_slug: link.custom_slug, short_url: link.short_url, slug: link.slug };
  }
}

/**
 * S.EE's answer to a creation; the new share's own address in the API goes in `Location`
 * (`/api/v1/links/<id>`), where S.EE's decoders never look and our callers find the id.
 */
export function seeCreation(res: Response, link: ShortLinkDto): SeeShortUrlDto {
  res.location(`/api/v1/links/${link.id}`);
  return SeeShortUrlDto.from(link);
}
