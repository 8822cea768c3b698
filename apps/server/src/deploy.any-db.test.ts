import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from './core/config.ts';

/**
 * deploy/docker-compose.yml and deploy/nginx.conf (docs/operations.md). No Docker engine runs in
 * CI, so this checks their shape and that the apps' environment is a valid configuration; the same
 * topology runs for real without Docker in multi-instance.test.ts.
 */
const deployDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../deploy');
const compose = parse(readFileSync(path.join(deployDir, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Record<string, unknown>>;
};
const nginx = readFileSync(path.join(deployDir, 'nginx.conf'), 'utf8');
const directives = (name: string) =>
  [...nginx.matchAll(new RegExp(`^\\s*${name}\\s+([^;]+);`, 'gm'))].map((m) => m[1].trim());

describe('deployment files', () => {
  const { services } = compose;
  const apps = ['app1', 'app2'];

  it('has two app instances, PostgreSQL, Redis, MinIO and nginx', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining([...apps, 'postgres', 'redis', 'minio', 'nginx']));
    expect(services.nginx.image).toMatch(/^nginx:/);
    expect(services.postgres.image).toMatch(/^postgres:/);
    expect(services.redis.image).toMatch(/^redis:/);
    expect(services.minio.image).toMatch(/^minio\/minio/);
  });

  it('gives each app a valid configuration for several instances', () => {
    for (const name of apps) {
      const env = services[name].environment as Record<string, string>;
      const config = loadConfig(env);
      expect(config.databaseUrl).toMatch(/@postgres:5432\//);
      expect(config.redisUrl).toMatch(/^redis:\/\/redis:6379/);
      expect(config.storage.driver).toBe('s3');
      expect(config.storage.s3.endpoint).toBe('http://minio:9000');
      expect(config.storage.s3.forcePathStyle).toBe(true);
      expect(config.trustProxy).toBe(true);
      expect(config.host).toBe('0.0.0.0');
    }
  });

  it('checks readiness on /api/ready and starts nginx after healthy apps', () => {
    for (const name of apps) {
      expect(JSON.stringify((services[name].healthcheck as { test: string[] }).test)).toContain('/api/ready');
      expect((services[name].depends_on as Record<string, { condition: string }>).postgres.condition).toBe(
        'service_healthy',
      );
    }
    const dependsOn = services.nginx.depends_on as Record<string, { condition: string }>;
    for (const name of apps) expect(dependsOn[name].condition).toBe('service_healthy');
    expect(services.nginx.volumes).toContain('./nginx.conf:/etc/nginx/conf.d/default.conf:ro');
  });

  it('nginx: both apps upstream, body limit ≥ the video limit, unbuffered uploads, forwarded client address', () => {
    const upstreams = directives('server').filter((s) => /:\d+/.test(s));
    for (const name of apps) expect(upstreams.some((s) => s.startsWith(`${name}:3000`))).toBe(true);
    const [size] = directives('client_max_body_size');
    const units: Record<string, number> = { k: 1024, m: 1024 ** 2, g: 1024 ** 3 };
    const bytes = Number.parseInt(size, 10) * (units[size.slice(-1).toLowerCase()] ?? 1);
    const maxVideo = loadConfig(services.app1.environment as Record<string, string>).maxVideoBytes;
    expect(bytes).toBeGreaterThanOrEqual(maxVideo);
    expect(directives('proxy_request_buffering')).toEqual(['off']);
    expect(directives('proxy_set_header')).toContain('X-Forwarded-For $proxy_add_x_forwarded_for');
  });

  it('nginx sends every request of a resumable upload to the instance that holds its parts', () => {
    const uploads = nginx.slice(nginx.indexOf('upstream kaksha_uploads'));
    expect(uploads.slice(0, uploads.indexOf('}'))).toMatch(/hash \$cookie_kaksha_session consistent;/);
    const location = nginx.slice(nginx.indexOf('location /api/uploads'));
    expect(location.slice(0, location.indexOf('}'))).toContain('proxy_pass http://kaksha_uploads;');
  });

  it('nginx retries only safe requests', () => {
    const retries = directives('proxy_next_upstream');
    expect(retries.length).toBeGreaterThan(0);
    for (const r of retries) expect(r).not.toContain('non_idempotent');
    // A 404 is retried only for hashed assets during a rolling update (GETs).
    const assets = nginx.slice(nginx.indexOf('location /assets/'));
    expect(assets).toContain('http_404');
    expect(nginx.slice(0, nginx.indexOf('location /assets/'))).not.toContain('http_404');
  });
});
