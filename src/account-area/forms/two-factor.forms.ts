import { IsOptional, IsString } from 'class-validator';
import { Filled } from './filled.decorator';

/** A code of the authenticator app (confirming enrolment). */
export class CodeForm {
  @Filled() @IsOptional() @IsString() code?: string;
}

/** The account's password, asked again before a change to how it logs in. */
export class PasswordForm {
  @Filled() @IsOptional() @IsString() password?: string;
}
