import { SetMetadata } from '@nestjs/common';

export const ACCEPTS_MULTIPART = 'linkdrop:accepts-multipart';
/** The route takes multipart/form-data instead of JSON (`'or-json'`: either of them). */
export const AcceptsMultipart = (mode: true | 'or-json' = true) =>
  SetMetadata(ACCEPTS_MULTIPART, mode);
