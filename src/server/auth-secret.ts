// Without AUTH_SECRET a local install still gets a secret of its own: random, created once in
// DATA_DIR (owner-only), reused at every start, so no installation shares a published constant.
import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config, type LoadedConfig } from './config.ts';

export const AUTH_SECRET_FILE = 'auth-secret';

export function resolveAuthSecret(config: LoadedConfig): Config {
  if (config.authSecret) return { ...config, authSecret: config.authSecret };
  return { ...config, authSecret: readOrCreateSecret(path.join(config.DATA_DIR, AUTH_SECRET_FILE)) };
}

function readOrCreateSecret(file: string): string {
  const existing = readSecret(file);
  if (existing !== undefined) return existing;
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // Written in full under a temporary name, then linked into place: link() fails if the file
  // appeared meanwhile (another process starting on the same folder), so nobody reads half a secret.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(temp, { force: true });
  }
  const secret = readSecret(file);
  if (secret === undefined) throw new ConfigError(`Could not create the secret file ${path.resolve(file)}`);
  return secret;
}

function readSecret(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  if (text.length < 32)
    throw new ConfigError(`Invalid configuration:\n  AUTH_SECRET: ${path.resolve(file)} holds no usable secret (32+ characters); delete it to generate a new one, or set AUTH_SECRET`);
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return text;
}
