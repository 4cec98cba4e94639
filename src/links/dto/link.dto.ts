import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { toUnix } from '../../common/time';
import { TagDto } from '../../tags/dto/tag.dto';
import { Link, LINK_KINDS } from '../link.entity';
import { LinkUtm, TARGET_HEALTH, TargetHealthStatus } from '../rules/rule-types';
import { UTM_PROPERTIES } from './link-fields';

/** The answer of a creation (spec 2.1), plus the id. */
export class ShortLinkDto {
  @ApiProperty() id!: number;
  @ApiProperty() slug!: string;
  @ApiProperty({ description: 'The slug the caller asked for; "" when none was asked for' })
  custom_slug!: string;
  @ApiProperty({ example: 'http://localhost:3000/aZ3k9Q' }) short_url!: string;
}

/** S.EE's `object_type` numbers; a QR code is a redirect made through `/qrcode`. */
export const OBJECT_TYPES = {
  redirect: 1,
  text: 2,
  file: 3,
  qrcode: 4,
  bio: 5,
  bundle: 6,
} as const;

/**
 * S.EE's history items decode `title` and `target_url` as strings: lists answer "" for none.
 * Single resources keep null, which our PATCH semantics (null clears) read back.
 */
export const asListItem = <T extends LinkDto>(dto: T): T => ({
  ...dto,
  title: dto.title ?? '',
  target_url: dto.target_url ?? '',
});

export class TargetHealthDto {
  @ApiProperty({ enum: TARGET_HEALTH }) status!: TargetHealthStatus;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Of the last check' })
  http_status!: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'Unix seconds' })
  checked_at!: number | null;
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
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Why an admin took the share down (it answers 410 with this reason); null if not',
  })
  taken_down_reason!: string | null;
  @ApiProperty({
    description:
      'Every visit, people and bots (and what an import brought), from the visit pipeline',
  })
  clicks!: number;
  @ApiProperty({
    description: 'Visits by people (bots left out), all time, from the analytics rollups',
  })
  visit_count!: number;
  @ApiProperty({
    type: 'integer',
    enum: Object.values(OBJECT_TYPES),
    description: "S.EE's kind number: 1 link, 2 text, 3 file, 4 QR code, 5 bio page",
  })
  object_type!: number;
  @ApiProperty({ description: 'Link previews may show its content (false: a bare title only)' })
  unfurl!: boolean;
  @ApiProperty({ description: 'Past its expiry (it answers 410, or its expiry redirect)' })
  is_expired!: boolean;
  @ApiProperty({ description: "The visitor's query string goes onto the target" })
  forward_query!: boolean;
  @ApiProperty({ description: "Of a parameter both have, the visitor's value wins" })
  visitor_query_wins!: boolean;
  // Inline, not a $ref: OpenAPI 3.0 ignores `nullable` beside a $ref.
  @ApiPropertyOptional({ type: 'object', nullable: true, properties: UTM_PROPERTIES })
  utm!: LinkUtm | null;
  @ApiPropertyOptional({ type: Number, nullable: true }) max_visits!: number | null;
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'Visits left before the limit; null: no limit',
  })
  visits_left!: number | null;
  @ApiProperty() watch_target!: boolean;
  @ApiPropertyOptional({ type: String, nullable: true }) fallback_url!: string | null;
  @ApiProperty({ type: TargetHealthDto }) target_health!: TargetHealthDto;
  @ApiProperty({ description: 'Redirect rules it has (GET /links/:id/rules)' }) rule_count!: number;
  @ApiProperty({ description: 'Variants of its A/B split; 0: none (GET /links/:id/variants)' })
  variant_count!: number;
  @ApiProperty() created_at!: number;
  @ApiProperty() updated_at!: number;

  static from(l: Link, host: string, shortUrl: string, visitCount: number, now: number): LinkDto {
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
      taken_down_reason: l.blockedReason,
      clicks: l.clicks,
      visit_count: visitCount,
      object_type: l.qrCode ? OBJECT_TYPES.qrcode : OBJECT_TYPES[l.kind],
      unfurl: l.unfurl,
      is_expired: l.expireAt !== null && l.expireAt.getTime() <= now,
      forward_query: l.forwardQuery ?? false,
      visitor_query_wins: l.visitorQueryWins ?? false,
      utm: l.utm ?? null,
      max_visits: l.maxVisits ?? null,
      visits_left: l.maxVisits == null ? null : Math.max(0, l.maxVisits - (l.visitsTaken ?? 0)),
      watch_target: l.watchTarget ?? false,
      fallback_url: l.fallbackUrl ?? null,
      target_health: {
        status: l.healthStatus ?? 'unchecked',
        http_status: l.healthHttpStatus ?? null,
        checked_at: l.healthCheckedAt ? toUnix(l.healthCheckedAt) : null,
      },
      rule_count: l.rules?.length ?? 0,
      variant_count: l.variants?.length ?? 0,
      created_at: toUnix(l.createdAt),
      updated_at: toUnix(l.updatedAt),
    };
  }
}
