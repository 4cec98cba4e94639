import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'linkdrop:public';
/** The route needs no token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
