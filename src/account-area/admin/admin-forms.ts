import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Min } from 'class-validator';
import { Filled } from '../forms/filled.decorator';

/** `/admin?q=`: accounts whose email holds this. */
export class AdminAccountsQuery {
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.slice(0, 254) : value,
  )
  @IsString()
  q = '';

  @Transform(({ value }: { value: unknown }) => Number(value))
  @IsInt()
  @Min(1)
  page = 1;
}

/** `?page=` of an admin list (reports, takedowns). */
export class AdminPageQuery {
  @Transform(({ value }: { value: unknown }) => Number(value))
  @IsInt()
  @Min(1)
  page = 1;
}

export class PlanForm {
  @Filled() @IsOptional() @IsString() plan?: string;
  /** The plan's last day, `YYYY-MM-DD`; empty: no end. */
  @Filled() @IsOptional() @IsString() until?: string;
}

export class TakeDownForm {
  /** The share's full address (`https://s.example/abc`); reports give the id instead. */
  @Filled() @IsOptional() @IsString() url?: string;
  @Filled() @IsOptional() @IsString() reason?: string;
}

export class ReasonForm {
  /** Why it is taken down; empty: the reports' own reason. */
  @Filled() @IsOptional() @IsString() reason?: string;
}
