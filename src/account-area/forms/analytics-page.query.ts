import { IsOptional, IsString } from 'class-validator';
import { Filled } from './filled.decorator';

/**
 * The analytics page's form, as sent: the page checks the values with the API's own rules
 * (StatsQuery) and says what is wrong, so here they only need to be single strings.
 */
export class AnalyticsPageQuery {
  /** The first day, `YYYY-MM-DD` (UTC); unset: 30 days before `to`. */
  @Filled() @IsOptional() @IsString() from?: string;
  /** The last day, `YYYY-MM-DD` (UTC); unset: today. */
  @Filled() @IsOptional() @IsString() to?: string;
  /** A quick range back from now (`24h`, `7d`, `30d`, `90d`); it wins over from and to. */
  @Filled() @IsOptional() @IsString() range?: string;
  /** Unset: fitted to the range (hours up to 2 days, days up to 92, then weeks, then months). */
  @Filled() @IsOptional() @IsString() interval?: string;
  @Filled() @IsOptional() @IsString() tz?: string;
  @Filled() @IsOptional() @IsString() bots?: string;
}
