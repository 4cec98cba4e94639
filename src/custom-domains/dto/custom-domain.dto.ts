import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { toUnix } from '../../common/time';
import type { RecordCheck } from '../dns-checker';
import { CUSTOM_DOMAIN_STATUSES, CustomDomain } from '../custom-domain.entity';

export class DnsRecordDto {
  @ApiProperty({ enum: ['verify', 'route'] }) purpose!: string;
  @ApiProperty({ enum: ['TXT', 'CNAME', 'A', 'AAAA'] }) type!: string;
  @ApiProperty({ example: '_linkdrop.links.example.org' }) name!: string;
  @ApiProperty({ example: 'linkdrop-verify=3f9c...' }) value!: string;
  @ApiPropertyOptional({ type: [String], description: 'What the DNS answered (after a check)' })
  found?: string[];
  @ApiPropertyOptional() ok?: boolean;
  @ApiPropertyOptional({ description: 'The lookup failed (timeout...): no verdict' })
  error?: string;
}

export class CustomDomainDto {
  @ApiProperty() id!: number;
  @ApiProperty({ example: 'links.example.org' }) host!: string;
  @ApiProperty({ enum: CUSTOM_DOMAIN_STATUSES }) status!: string;
  @ApiProperty({ type: [DnsRecordDto] }) records!: DnsRecordDto[];
  @ApiPropertyOptional({ type: String, nullable: true }) root_redirect_url!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) not_found_redirect_url!: string | null;
  @ApiPropertyOptional({ type: Number, nullable: true }) verified_at!: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true }) checked_at!: number | null;
  @ApiProperty() created_at!: number;

  static from(d: CustomDomain, records: DnsRecordDto[]): CustomDomainDto {
    return {
      id: d.id,
      host: d.host,
      status: d.status,
      records,
      root_redirect_url: d.rootRedirectUrl,
      not_found_redirect_url: d.notFoundRedirectUrl,
      verified_at: d.verifiedAt ? toUnix(d.verifiedAt) : null,
      checked_at: d.checkedAt ? toUnix(d.checkedAt) : null,
      created_at: toUnix(d.createdAt),
    };
  }
}

export type { RecordCheck };
