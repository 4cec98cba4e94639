import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Min } from 'class-validator';
import { REQUIREMENTS, type Requirement } from '../../auth/two-factor/two-factor-policy';
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

/** The role an admin gives an account. */
export class RoleForm {
  @IsOptional() @IsIn(['admin', 'member']) role?: 'admin' | 'member';
}

/** Who must use two-factor codes. */
export class TwoFactorPolicyForm {
  @IsOptional() @IsIn(REQUIREMENTS) require?: Requirement;
}

/** A new invitation: how many sign-ups, for how many days, on which plan. */
export class InviteForm {
  @Filled() @IsOptional() @IsString() uses?: string;
  @Filled() @IsOptional() @IsString() expires_in_days?: string;
  @Filled() @IsOptional() @IsString() plan?: string;
}
