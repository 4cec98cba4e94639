import { IsOptional, IsString } from 'class-validator';
import { Filled, WebAddress } from './filled.decorator';

/** Conditions a new rule may have on the edit page (the API takes up to ten). */
export const FORM_CONDITIONS = 3;

/** A new redirect rule: its target and up to FORM_CONDITIONS conditions (`type_0`, `value_0`...). */
export class NewRuleForm {
  @WebAddress() @IsOptional() @IsString() target_url?: string;
  @Filled() @IsOptional() @IsString() type_0?: string;
  @Filled() @IsOptional() @IsString() value_0?: string;
  @Filled() @IsOptional() @IsString() param_0?: string;
  @Filled() @IsOptional() @IsString() type_1?: string;
  @Filled() @IsOptional() @IsString() value_1?: string;
  @Filled() @IsOptional() @IsString() param_1?: string;
  @Filled() @IsOptional() @IsString() type_2?: string;
  @Filled() @IsOptional() @IsString() value_2?: string;
  @Filled() @IsOptional() @IsString() param_2?: string;
}

type Slot = 0 | 1 | 2;

/**
 * The conditions filled in, as the API takes them: times typed as `YYYY-MM-DDTHH:mm` (UTC) are
 * Unix seconds; a query condition with no value matches any value.
 */
export function conditionsOf(f: NewRuleForm) {
  const out: { type: string; value?: string | number; param?: string }[] = [];
  for (const i of [0, 1, 2] as Slot[]) {
    const type = f[`type_${i}`];
    if (!type) continue;
    const raw = f[`value_${i}`];
    const param = f[`param_${i}`];
    const timed = (type === 'before' || type === 'after') && raw;
    const value = timed ? (/^\d+$/.test(raw) ? Number(raw) : Date.parse(`${raw}Z`) / 1000) : raw;
    out.push({ type, ...(value !== undefined && { value }), ...(param && { param }) });
  }
  return out;
}

export class NewVariantForm {
  @WebAddress() @IsOptional() @IsString() target_url?: string;
  @Filled() @IsOptional() @IsString() weight?: string;
}

/** The split picks its winner after `after_visits`, by visits to the goal (a short link). */
export class WinnerForm {
  @Filled() @IsOptional() @IsString() after_visits?: string;
  @Filled() @IsOptional() @IsString() goal?: string;
}
