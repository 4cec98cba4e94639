import { SetMetadata } from '@nestjs/common';

export const PASSWORD_SIGN_IN = 'linkdrop:password-sign-in';

/**
 * The route also takes an account's email and password (`username`, `password` in the query or
 * a form body) in place of a token, as YOURLS's API does; counted as log-in attempts.
 */
export const PasswordSignIn = () => SetMetadata(PASSWORD_SIGN_IN, true);
