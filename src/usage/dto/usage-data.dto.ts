import { ApiProperty } from '@nestjs/swagger';

const count = (what: string) => ApiProperty({ type: 'integer', description: what });
const limit = (what: string) =>
  ApiProperty({ type: 'integer', description: `${what}; -1: unlimited`, example: -1 });

/** S.EE's usage shape, all 23 fields. */
export class UsageDataDto {
  @count('API calls today') api_count_day!: number;
  @limit('API calls a day') api_count_day_limit!: number;
  @count('API calls this month') api_count_month!: number;
  @limit('API calls a month') api_count_month_limit!: number;
  @count('Short links created today') link_count_day!: number;
  @limit('Short links a day') link_count_day_limit!: number;
  @count('Short links created this month') link_count_month!: number;
  @limit('Short links a month') link_count_month_limit!: number;
  @count('Text shares created today') text_count_day!: number;
  @limit('Text shares a day') text_count_day_limit!: number;
  @count('Text shares created this month') text_count_month!: number;
  @limit('Text shares a month') text_count_month_limit!: number;
  @count('Files uploaded today') upload_count_day!: number;
  @limit('Uploads a day') upload_count_day_limit!: number;
  @count('Files uploaded this month') upload_count_month!: number;
  @limit('Uploads a month') upload_count_month_limit!: number;
  @count('QR codes made today') qrcode_count_day!: number;
  @limit('QR codes a day') qrcode_count_day_limit!: number;
  @count('QR codes made this month') qrcode_count_month!: number;
  @limit('QR codes a month') qrcode_count_month_limit!: number;
  @count('Files stored now') file_count!: number;
  @ApiProperty({ example: '12.34', description: 'MB stored, 2 decimals' })
  storage_usage_mb!: string;
  @ApiProperty({ example: '1024.00', description: 'MB the plan allows, 2 decimals' })
  storage_usage_limit_mb!: string;
}
