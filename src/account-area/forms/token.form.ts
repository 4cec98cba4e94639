import { Transform } from 'class-transformer';
import { IsArray, IsOptional, IsString } from 'class-validator';
import { CreateTokenDto } from '../../auth/dto/token.dto';
import type { Words } from '../../i18n/i18n';
import { parseForm } from '../form';
import { Filled } from './filled.decorator';

/** Checkboxes of one name: the values of those checked, none when none is. */
const Checked = () =>
  Transform(({ value }: { value: unknown }) =>
    [value ?? []].flat().filter((v): v is string => typeof v === 'string'),
  );

/** A new API token: its name, what it may do (nothing checked: everything), expiry and note. */
export class TokenForm {
  @Filled() @IsOptional() @IsString() name?: string;
  @Checked() @IsArray() scopes: string[] = [];
  /** Days; empty: it never expires. */
  @Filled() @IsOptional() @IsString() expires_in_days?: string;
  @Filled() @IsOptional() @IsString() note?: string;
}

/** The form as the API's create call, by its rules; or the first problem, in words for people. */
export async function tokenRequestOf(
  form: TokenForm,
  w: Words,
): Promise<{ dto: CreateTokenDto; error?: undefined } | { dto?: undefined; error: string }> {
  const { scopes, expires_in_days: days, ...rest } = form;
  return parseForm(w, CreateTokenDto, {
    ...rest,
    scopes: scopes.length ? scopes : undefined,
    expires_in_days: days ? Number(days) : undefined,
  });
}
