import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import { AcceptsMultipart } from '../../common/decorators/accepts-multipart.decorator';
import { UploadLimitsInterceptor } from './upload-limits.interceptor';

/**
 * A multipart upload route: the early size check, then multer with the streaming engine (from
 * `uploadMulterModule()`). The engine accepts one part named file, legacyfile or smfile.
 */
export const AcceptsUpload = (mode: true | 'or-json' = true) =>
  applyDecorators(
    AcceptsMultipart(mode),
    UseInterceptors(UploadLimitsInterceptor, AnyFilesInterceptor()),
  );
