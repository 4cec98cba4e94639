import { IsOptional, IsString } from 'class-validator';
import { CredentialsDto } from '../../account/dto/credentials.dto';
import { DomainError } from '../../common/errors/domain-error';
import type { Words } from '../../i18n/i18n';
import { parseForm } from '../form';
import { Filled } from './filled.decorator';

/** The log-in and sign-up forms; the API's CredentialsDto then checks what they hold. */
export class CredentialsForm {
  @Filled() @IsOptional() @IsString() email?: string;
  @Filled() @IsOptional() @IsString() password?: string;
  /** Log-in: where to go after it (a path on this site; anything else is the account). */
  @IsOptional() @IsString() next?: string;
  /** Sign-up: an invitation's secret. */
  @IsOptional() @IsString() invite?: string;
}

/** `/signup?invite=`: an invitation's secret. */
export class InviteQuery {
  @IsOptional() @IsString() invite?: string;
}

/**
 * The form's email and password, checked by the API's own rules; otherwise the refusal `refuse`
 * makes of the first problem (log-in says only "wrong email or password", sign-up says what).
 */
export async function credentialsOf(
  fields: CredentialsForm,
  refuse: (problem: string) => DomainError,
  w: Words,
): Promise<CredentialsDto> {
  const parsed = await parseForm(w, CredentialsDto, {
    email: fields.email,
    password: fields.password,
  });
  if (!parsed.dto) throw refuse(parsed.error);
  return parsed.dto;
}

/** The log-in's second page: the first step's challenge and a code. */
export class SecondFactorForm {
  @IsOptional() @IsString() challenge?: string;
  @Filled() @IsOptional() @IsString() code?: string;
  @IsOptional() @IsString() next?: string;
}
