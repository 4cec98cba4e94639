import { IsOptional, IsString } from 'class-validator';
import { Filled } from './filled.decorator';

/** "Forgot password" and "send the link again": an address. */
export class EmailForm {
  @Filled() @IsOptional() @IsString() email?: string;
}

/** A mailed link's `?token=`. */
export class MailedTokenQuery {
  @IsOptional() @IsString() token?: string;
}

/** A new password with the reset link's token. */
export class NewPasswordForm {
  @IsOptional() @IsString() token?: string;
  @IsOptional() @IsString() password?: string;
}
