import { SetMetadata } from '@nestjs/common';

export const ACCEPTS_MULTIPART = 'linkdrop:accepts-multipart';
/** The route takes multipart/form-data instead of JSON. */
export const AcceptsMultipart = () => SetMetadata(ACCEPTS_MULTIPART, true);
