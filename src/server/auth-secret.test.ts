import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AUTH_SECRET_FILE, resolveAuthSecret } from './auth-secret.ts';
import { ConfigError, loadConfig } from './config.ts';

const freshDir = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'policydesk-secret-')), 'data');

describe('the signing secret', () => {
  it('is never a constant: without AUTH_SECRET each data folder gets its own random secret', () => {
    expect(loadConfig({}).authSecret).toBeUndefined();
    const a = resolveAuthSecret(loadConfig({ DATA_DIR: freshDir() })).authSecret;
    const b = resolveAuthSecret(loadConfig({ DATA_DIR: freshDir() })).authSecret;
    expect(a.length).toBeGreaterThanOrEqual(32);
    expect(a).not.toBe(b);
    const sources = readdirSync(import.meta.dirname).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    for (const file of sources) expect(readFileSync(path.join(import.meta.dirname, file), 'utf8')).not.toMatch(/development-secret/);
  });

  it('is kept in DATA_DIR/auth-secret, readable by the owner only, and reused at the next start', () => {
    const dataDir = freshDir();
    const first = resolveAuthSecret(loadConfig({ DATA_DIR: dataDir }));
    const file = path.join(dataDir, AUTH_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe(first.authSecret);
    expect(readdirSync(dataDir)).toEqual([AUTH_SECRET_FILE]);
    expect(resolveAuthSecret(loadConfig({ DATA_DIR: dataDir })).authSecret).toBe(first.authSecret);
    // PostgreSQL outside production: the same file
    expect(resolveAuthSecret(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://h/db' })).authSecret).toBe(first.authSecret);
  });

  it('uses AUTH_SECRET when set and writes nothing', () => {
    const dataDir = freshDir();
    const secret = 's'.repeat(40);
    expect(resolveAuthSecret(loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: secret })).authSecret).toBe(secret);
    expect(() => statSync(dataDir)).toThrow();
  });

  it('refuses a secret file that holds no usable secret', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'policydesk-secret-'));
    writeFileSync(path.join(dataDir, AUTH_SECRET_FILE), 'short', { mode: 0o600 });
    expect(() => resolveAuthSecret(loadConfig({ DATA_DIR: dataDir }))).toThrow(ConfigError);
  });

  it('is required in production and behind https, whatever the database', () => {
    for (const env of [
      { NODE_ENV: 'production' },
      { NODE_ENV: 'production', DATABASE_URL: 'postgres://h/db' },
      { APP_URL: 'https://app.example.com' },
      { APP_URL: 'https://app.example.com', DATABASE_URL: 'postgres://h/db' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(/AUTH_SECRET: required when NODE_ENV=production or APP_URL is https/);
      expect(loadConfig({ ...env, AUTH_SECRET: 'x'.repeat(32) }).authSecret).toBe('x'.repeat(32));
    }
  });
});

describe('SIGNUP_RATE_LIMIT', () => {
  it('defaults to 10 per hour and takes a whole number of at least 1', () => {
    expect(loadConfig({}).SIGNUP_RATE_LIMIT).toBeUndefined(); // then the platform setting (default 10) applies
    expect(loadConfig({ SIGNUP_RATE_LIMIT: '50' }).SIGNUP_RATE_LIMIT).toBe(50);
    for (const bad of ['0', 'abc', '2.5']) expect(() => loadConfig({ SIGNUP_RATE_LIMIT: bad })).toThrow(/SIGNUP_RATE_LIMIT/);
  });
});
