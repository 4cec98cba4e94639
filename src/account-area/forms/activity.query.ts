import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches } from 'class-validator';

export const ACTIVITY_FAMILIES = [
  'link',
  'text',
  'file',
  'bundle',
  'bio',
  'domain',
  'share',
  'account',
] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `/account/activity`'s filters: a family of actions, a range of days, the page. */
export class ActivityQuery {
  @IsOptional() @IsIn(ACTIVITY_FAMILIES) action?: string;
  /** A day (YYYY-MM-DD, UTC) from which on. */
  @IsOptional() @IsString() @Matches(DAY) from?: string;
  /** The last day shown (YYYY-MM-DD, UTC), itself included. */
  @IsOptional() @IsString() @Matches(DAY) to?: string;

  @Transform(({ value }: { value: unknown }) => Math.max(1, Math.min(10_000, Number(value) || 1)))
  @IsInt()
  page = 1;
}

/** The filters as the audit log takes them (`to` is the day after the last one shown). */
export const activityFilter = (q: ActivityQuery) => ({
  action: q.action,
  from: q.from,
  to: q.to ? new Date(Date.parse(`${q.to}T00:00:00Z`) + 86_400_000).toISOString() : undefined,
});
