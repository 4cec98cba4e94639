import { getMetadataStorage } from 'class-validator';
import { Env } from './env';
import { trustProxySetting } from './trust-proxy';
import { ConfigError, ENV_KEYS, validateEnv } from './validate-env';

describe('validateEnv', () => {
  it('should give every setting its default on an empty environment', () => {
    const env = validateEnv({});
    expect(env).toBeInstanceOf(Env);
    expect(env).toMatchObject({
      PORT: 3000,
      PUBLIC_URL: 'http://localhost:3000',
      DB_URL: 'sqlite:./data/linkdrop.sqlite',
      STORAGE_DRIVER: 'local',
      DEFAULT_PLAN: 'free',
      AUTH_SIGNUP: 'open',
    });
  });

  it('should make the public URL from PORT when PUBLIC_URL is not set', () => {
    expect(validateEnv({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(validateEnv({ PORT: '8080', PUBLIC_URL: 'https://s.example.com' }).PUBLIC_URL).toBe(
      'https://s.example.com',
    );
    expect(validateEnv({ PORT: '0' }).PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('should turn numbers and booleans from strings', () => {
    const env = validateEnv({ PORT: '8080', TRUST_PROXY: 'true', PLAN_FREE_MAX_FILE_BYTES: '5' });
    expect(env.PORT).toBe(8080);
    expect(env.TRUST_PROXY).toBe(true);
    expect(env.PLAN_FREE_MAX_FILE_BYTES).toBe(5);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'localhost'],
    ['DB_URL', 'postgres://x'],
    ['STORAGE_DRIVER', 'ftp'],
    ['AUTH_SIGNUP', 'maybe'],
    ['SHORT_DOMAINS', 'a b'],
    ['REDIS_URL', 'localhost:6379'],
  ])('should refuse %s=%s with one line naming the variable', (key, value) => {
    expect(() => validateEnv({ [key]: value })).toThrow(ConfigError);
    try {
      validateEnv({ [key]: value });
    } catch (e) {
      const message = (e as Error).message;
      expect(message).toMatch(new RegExp(`^Invalid configuration: ${key} `));
      expect(message).toContain(JSON.stringify(value));
      expect(message).not.toContain('\n');
    }
  });

  it('should take TRUST_PROXY as hops or addresses, and never trust every proxy', () => {
    expect(trustProxySetting(validateEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY)).toBe(1);
    expect(trustProxySetting(validateEnv({ TRUST_PROXY: '2' }).TRUST_PROXY)).toBe(2);
    expect(trustProxySetting(validateEnv({ TRUST_PROXY: 'off' }).TRUST_PROXY)).toBe(false);
    expect(
      trustProxySetting(validateEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY),
    ).toEqual(['loopback', '10.0.0.0/8']);
    expect(() => validateEnv({ TRUST_PROXY: 'everyone' })).toThrow(
      /^Invalid configuration: TRUST_PROXY /,
    );
  });

  it('should require the S3 settings only when STORAGE_DRIVER=s3', () => {
    expect(() => validateEnv({ STORAGE_DRIVER: 's3' })).toThrow(/STORAGE_S3_/);
    expect(
      validateEnv({
        STORAGE_DRIVER: 's3',
        STORAGE_S3_ENDPOINT: 'http://127.0.0.1:9000',
        STORAGE_S3_BUCKET: 'linkdrop',
        STORAGE_S3_ACCESS_KEY_ID: 'key',
        STORAGE_S3_SECRET_ACCESS_KEY: 'secret',
      }).STORAGE_S3_BUCKET,
    ).toBe('linkdrop');
  });

  it('should read every setting the Env class validates, defaults or not', () => {
    const validated = getMetadataStorage()
      .getTargetValidationMetadatas(Env, '', true, false)
      .map((m) => m.propertyName);
    expect([...ENV_KEYS].sort()).toEqual([...new Set(validated)].sort());
  });

  it('should pass a setting without a default through when it is set', () => {
    expect(validateEnv({ REDIS_URL: 'redis://r:6379' }).REDIS_URL).toBe('redis://r:6379');
    expect(validateEnv({ AUTH_COOKIE_SECRET: 's' }).AUTH_COOKIE_SECRET).toBe('s');
  });
});
