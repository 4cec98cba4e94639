import { FileStore } from '@tus/file-store';
import { join } from 'node:path';
import { Env } from '../../config/env';

/**
 * Where the parts of resumable uploads wait for their last byte: files under the local storage
 * folder (`.tus/`), appended to in place, so an upload resumes at the offset the store reports.
 */
export class TusStore extends FileStore {
  constructor(env: Env) {
    super({ directory: join(env.STORAGE_LOCAL_DIR, '.tus') });
  }
}
