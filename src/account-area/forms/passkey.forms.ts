import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { IsObject, IsOptional, IsString } from 'class-validator';
import { Filled } from './filled.decorator';

/** A new passkey: the browser's answer and a name (JSON from app.js). */
export class NewPasskeyForm {
  @IsOptional() @IsString() name?: string;
  @IsOptional() @IsObject() response?: RegistrationResponseJSON;
}

/** A passkey's new name. */
export class PasskeyNameForm {
  @Filled() @IsOptional() @IsString() name?: string;
}

/** A sign-in with a passkey: alone, or as the second step of `challenge` (JSON from app.js). */
export class PasskeySignInForm {
  @IsOptional() @IsString() challenge?: string;
  @IsOptional() @IsObject() response?: AuthenticationResponseJSON;
  @IsOptional() @IsString() next?: string;
}
