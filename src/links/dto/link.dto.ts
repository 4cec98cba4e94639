import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { toUnix } from '../../common/time';
import { TagDto } from '../../tags/dto/tag.dto';
import { Link, LINK_KINDS } from '../link.entity';

/** The answer of a creation (spec 2.1), plus the id. */
export class ShortLinkDto {
  @ApiProperty() id!: number;
  @ApiProperty() slug!: string;
  @ApiProperty({ description: 'The slug the caller asked for; "" when none was asked for' })
  custom_slug!: string;
  @ApiProperty({ example: 'http://localhost:3000/aZ3k9Q' }) short_url!: string;
}

export class LinkDto {
  @ApiProperty() id!: number;
  @ApiProperty({ enum: LINK_KINDS }) kind!: string;
  @ApiProperty() domain!: string;
  @ApiProperty() slug!: string;
  @ApiProperty() short_url!: string;
  @ApiPropertyOptional({ type: String, nullable: true }) target_url!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) title!: string | null;
  @ApiProperty({ type: [TagDto] }) tags!: TagDto[];
  @ApiProperty() has_password!: boolean;
  @ApiPropertyOptional({ type: Number, nullable: true }) expire_at!: number | null;
  @ApiPropertyOptional({ type: String, nullable: true }) expiration_redirect_url!: string | null;
  @ApiProperty() redirect_code!: number;
  @ApiProperty({ description: 'Visits counted so far (updated every few seconds)' })
  clicks!: number;
  @ApiProperty({
    description: 'Visits by people (bots left out), all time, from the analytics rollups',
  })
  visit_count!: number;
  @ApiProperty() created_at!: number;
  @ApiProperty() updated_at!: number;

  static from(l: Link, host: string, shortUrl: string, visitCount: number): LinkDto {
    return {
      id: l.id,
      kind: l.kind,
      domain: host,
      slug: l.slug,
      short_url: shortUrl,
      target_url: l.targetUrl,
      title: l.title,
      tags: (l.tags ?? []).map((t) => TagDto.from(t)),
      has_password: l.passwordHash !== null,
      expire_at: l.expireAt ? toUnix(l.expireAt) : null,
      expiration_redirect_url: l.expirationRedirectUrl,
      redirect_code: l.redirectCode,
      clicks: l.clicks,
      visit_count: visitCount,
      created_at: toUnix(l.createdAt),
      updated_at: toUnix(l.updatedAt),
    };
  }
}
