import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ENV_KEYS, validateEnv } from '../../src/config/validate-env';

interface Service {
  environment?: Record<string, string | number | boolean>;
  healthcheck?: { test: unknown };
  depends_on?: Record<string, { condition: string }>;
}

// No Docker engine runs on these machines, so the compose file is checked by reading it.
describe('docker-compose.yml', () => {
  const compose = parse(
    readFileSync(join(__dirname, '..', '..', 'docker-compose.yml'), 'utf8'),
  ) as {
    services: Record<string, Service>;
  };
  const app = compose.services.app;
  const env = Object.fromEntries(
    Object.entries(app.environment ?? {}).map(([k, v]) => [k, String(v)]),
  );

  it('should run the app with MySQL 8, Redis and MinIO, each with a health check', () => {
    for (const name of ['app', 'mysql', 'redis', 'minio']) {
      expect(compose.services[name]?.healthcheck?.test).toBeDefined();
    }
    expect(Object.keys(app.depends_on ?? {}).sort()).toEqual(['minio', 'mysql', 'redis']);
  });

  it('should set every variable the app needs there, with valid values', () => {
    for (const key of ['PUBLIC_URL', 'DB_URL', 'REDIS_URL', 'STORAGE_DRIVER']) {
      expect(env).toHaveProperty(key);
    }
    expect(env.DB_URL).toMatch(/^mysql:\/\/.+@mysql:3306\//);
    expect(env.REDIS_URL).toMatch(/^redis:\/\/redis:6379/);
    expect(env.STORAGE_DRIVER).toBe('s3');
    expect(env.STORAGE_S3_ENDPOINT).toMatch(/^http:\/\/minio:9000/);
    // validateEnv throws on anything missing or malformed (the S3 settings, for one).
    expect(() => validateEnv(env)).not.toThrow();
  });

  it('should set no variable the app does not know (a typo would be silently ignored)', () => {
    for (const key of Object.keys(env)) expect(ENV_KEYS).toContain(key);
  });

  it('should put Caddy in front, asking the app before it gets a certificate', () => {
    const caddy = compose.services.caddy as Service & { volumes?: string[] };
    expect(Object.keys(caddy.depends_on ?? {})).toEqual(['app']);
    expect(caddy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    const caddyfile = readFileSync(join(__dirname, '..', '..', 'deploy', 'Caddyfile'), 'utf8');
    expect(caddyfile).toMatch(/on_demand_tls\s*{\s*ask http:\/\/app:3000\/internal\/tls-allowed/);
    expect(caddyfile).toMatch(/tls\s*{\s*on_demand\s*}/);
    expect(env.TRUST_PROXY).toBe('1');
  });
});
