import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ENV_KEYS, validateEnv } from '../../src/config/validate-env';

interface Service {
  environment?: Record<string, string | number | boolean>;
  deploy?: { replicas?: number };
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test: unknown };
  depends_on?: Record<string, { condition: string }>;
}

// No Docker engine runs on these machines, so the compose file is checked by reading it.
describe('docker-compose.yml', () => {
  const compose = parse(
    readFileSync(join(__dirname, '..', '..', 'docker-compose.yml'), 'utf8'),
  ) as {
    services: Record<string, Service>;
    volumes: Record<string, unknown>;
  };
  const app = compose.services.app;
  const env = Object.fromEntries(
    Object.entries(app.environment ?? {}).map(([k, v]) => [k, String(v)]),
  );

  it('should run the app with MySQL 8, Redis and MinIO, each with a health check', () => {
    for (const name of ['caddy', 'app', 'mysql', 'redis', 'minio']) {
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

  it('should run two replicas of the app, reachable only through Caddy', () => {
    expect(app.deploy?.replicas).toBe(2);
    // A published port would clash between replicas, and bypass the proxy.
    expect(app.ports).toBeUndefined();
    expect(compose.services.caddy.ports).toEqual(['80:80', '443:443']);
  });

  it('should keep every stateful service on a named volume', () => {
    const mounts: Record<string, string> = {
      mysql: '/var/lib/mysql',
      redis: '/data',
      minio: '/data',
      caddy: '/data',
    };
    for (const [name, path] of Object.entries(mounts)) {
      expect(compose.services[name].volumes).toContain(`${name}:${path}`);
      expect(compose.volumes).toHaveProperty(name);
    }
    // The app keeps nothing: any replica can go.
    expect(app.volumes).toBeUndefined();
  });

  it('should spread requests over every replica Caddy finds by DNS', () => {
    const caddyfile = readFileSync(join(__dirname, '..', '..', 'deploy', 'Caddyfile'), 'utf8');
    expect(caddyfile).toMatch(/dynamic a app 3000/);
    expect(caddyfile).toMatch(/lb_try_duration/);
    // Where Debian's caddy is installed, Caddy itself reads the file.
    const adapted = spawnSync('caddy', ['adapt', '--config', 'deploy/Caddyfile'], {
      cwd: join(__dirname, '..', '..'),
      encoding: 'utf8',
    });
    if (adapted.error) return;
    expect(adapted.status).toBe(0);
    const json = JSON.stringify(JSON.parse(adapted.stdout));
    expect(json).toContain('"dynamic_upstreams":{"name":"app","port":"3000"');
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
