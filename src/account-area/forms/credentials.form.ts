import { IsOptional, IsString } from 'class-validator';
import { Filled } from './filled.decorator';

/** The log-in and sign-up forms; the API's CredentialsDto then checks what they hold. */
export class CredentialsForm {
  @Filled() @IsOptional() @IsString() email?: string;
  @Filled() @IsOptional() @IsString() password?: string;
  /** Log-in: where to go after it (a path on this site; anything else is the account). */
  @IsOptional() @IsString() next?: string;
}
