import { Env } from './env';

/** PUBLIC_URL without a trailing slash; `{base_url}` of the spec is this plus `/api/v1`. */
export const publicUrl = (env: Env): string => env.PUBLIC_URL.replace(/\/+$/, '');
export const apiBaseUrl = (env: Env): string => `${publicUrl(env)}/api/v1`;
