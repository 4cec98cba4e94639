import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { INTERVALS } from '../zone-buckets';

export class VisitCountDto {
  @ApiProperty({ type: 'integer', description: 'Visits by people in the period' })
  visit_count!: number;
}

export class TotalsDto {
  @ApiProperty({ type: 'integer' }) visits!: number;
  @ApiProperty({ type: 'integer' }) uniques!: number;
  @ApiProperty({ type: 'integer', description: 'Visits by bots (always counted here)' })
  bots!: number;
  @ApiProperty({
    type: 'integer',
    description:
      'Of the visits counted (bots as asked), those that came from a QR code (?qr=1); whole ' +
      'hours, as top lists (visits rolled up by an earlier version count as not from one)',
  })
  qr_scans!: number;
}

export class SeriesPointDto {
  @ApiProperty({ type: 'integer', description: 'Start of the bucket, Unix seconds' }) t!: number;
  @ApiProperty({ type: 'integer' }) visits!: number;
  @ApiProperty({ type: 'integer' }) uniques!: number;
}

export class TopEntryDto {
  @ApiProperty({ example: 'news.ycombinator.com' }) value!: string;
  @ApiProperty({ type: 'integer' }) visits!: number;
}

export class TopListsDto {
  @ApiProperty({ type: [TopEntryDto] }) referrers!: TopEntryDto[];
  @ApiProperty({ type: [TopEntryDto] }) countries!: TopEntryDto[];
  @ApiProperty({ type: [TopEntryDto] }) browsers!: TopEntryDto[];
  @ApiProperty({ type: [TopEntryDto] }) os!: TopEntryDto[];
  @ApiProperty({ type: [TopEntryDto] }) devices!: TopEntryDto[];
  @ApiProperty({ type: [TopEntryDto] }) languages!: TopEntryDto[];
  @ApiProperty({
    type: [TopEntryDto],
    description: "A/B variants: `1`, `2`... of the link's split, `r3.1` of the third rule's",
  })
  variants!: TopEntryDto[];
  @ApiProperty({
    type: [TopEntryDto],
    description: "The visit's own utm_source, else the link's",
  })
  utm_sources!: TopEntryDto[];
  @ApiProperty({ type: [TopEntryDto] }) utm_mediums!: TopEntryDto[];
  @ApiProperty({ type: [TopEntryDto] }) utm_campaigns!: TopEntryDto[];
}

export class TopShareDto {
  @ApiProperty({ type: 'integer' }) id!: number;
  @ApiProperty() kind!: string;
  @ApiProperty() short_url!: string;
  @ApiPropertyOptional({ type: String, nullable: true }) title!: string | null;
  @ApiProperty({ type: 'integer' }) visits!: number;
}

export class AccountTopListsDto extends TopListsDto {
  @ApiProperty({ type: [TopShareDto], description: 'Your most visited shares' })
  shares!: TopShareDto[];
}

export class LinkStatsDto {
  @ApiProperty({ type: 'integer' }) from!: number;
  @ApiProperty({ type: 'integer' }) to!: number;
  @ApiProperty({ enum: INTERVALS }) interval!: string;
  @ApiProperty({ example: 'Europe/Paris' }) tz!: string;
  @ApiProperty({ type: TotalsDto }) totals!: TotalsDto;
  @ApiProperty({ type: [SeriesPointDto] }) series!: SeriesPointDto[];
  @ApiProperty({ type: TopListsDto }) top!: TopListsDto;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'integer' },
    example: { DE: 12, FR: 3 },
    description: 'Visits by country (ISO 3166-1 alpha-2), every country seen, for a map',
  })
  by_country!: Record<string, number>;
}

export class AccountStatsDto extends LinkStatsDto {
  @ApiProperty({ type: AccountTopListsDto }) declare top: AccountTopListsDto;
}

export class OrphanPathDto {
  @ApiProperty({ example: '/old-slug' }) path!: string;
  @ApiProperty({ type: 'integer' }) visits!: number;
  @ApiProperty({ type: 'integer' }) bots!: number;
  @ApiProperty({ type: 'integer' }) last_at!: number;
}

export class OrphanDomainDto {
  @ApiProperty() domain!: string;
  @ApiProperty({ type: 'integer' }) visits!: number;
  @ApiProperty({ type: 'integer' }) bots!: number;
  @ApiProperty({ type: [OrphanPathDto] }) paths!: OrphanPathDto[];
}

export class VisitLogEntryDto {
  @ApiProperty({ type: 'integer' }) at!: number;
  @ApiProperty() bot!: boolean;
  @ApiProperty({ description: 'Came from a QR code (?qr=1)' }) qr!: boolean;
  @ApiPropertyOptional({ type: String, nullable: true }) referrer!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) referrer_host!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'FR' }) country!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) browser!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) os!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) device!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) language!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'The A/B variant served' })
  variant!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) utm_source!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) utm_medium!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) utm_campaign!: string | null;
  @ApiProperty({ description: 'The first 8 characters of the day-salted visitor hash' })
  visitor!: string;
}
