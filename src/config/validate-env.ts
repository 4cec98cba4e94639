import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync } from 'class-validator';
import { Env } from './env';
import { readOidcProviders } from './oidc-settings';

/** Thrown for a bad setting; main.ts prints its message alone, without a stack trace. */
export class ConfigError extends Error {}

/** Every setting the service reads: each property the Env class validates, defaults or not. */
export const ENV_KEYS = [
  ...new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(Env, '', true, false)
      .map((m) => m.propertyName),
  ),
];

/** Validates process.env into a typed Env; the first bad variable becomes one ConfigError line. */
export function validateEnv(raw: Record<string, unknown>): Env {
  const present = Object.fromEntries(
    ENV_KEYS.filter((k) => raw[k] !== undefined && raw[k] !== '').map((k) => [k, raw[k]]),
  );
  const env = plainToInstance(Env, present, { exposeDefaultValues: true });
  const errors = validateSync(env, { skipMissingProperties: false });
  if (errors.length > 0) {
    const e = errors[0];
    const why = Object.values(e.constraints ?? {})[0] ?? 'is invalid';
    const shown = JSON.stringify(raw[e.property] ?? null);
    throw new ConfigError(
      `Invalid configuration: ${e.property} ${why.replace(`${e.property} `, '')} (got ${shown})`,
    );
  }
  const providers = readOidcProviders(raw, env.AUTH_OIDC_PROVIDERS);
  if (typeof providers === 'string') throw new ConfigError(`Invalid configuration: ${providers}`);
  env.oidcProviders = providers;
  // The first start prints links: without PUBLIC_URL they should reach the port it listens on.
  if (present.PUBLIC_URL === undefined && env.PORT !== 0) {
    env.PUBLIC_URL = `http://localhost:${env.PORT}`;
  }
  return env;
}
