import { SetMetadata } from '@nestjs/common';

export const RAW_RESPONSE = 'linkdrop:raw-response';
/** The handler writes its own answer (redirects, pages, plain text, legacy shapes): no envelope. */
export const RawResponse = () => SetMetadata(RAW_RESPONSE, true);
