// API tests hash passwords with scrypt at a low cost: the production cost (better-auth's N = 16384,
// r = 16) took a third of a second per hash on this machine, and the suite signs up and signs in
// about two thousand users. Same idea (salted scrypt, constant-time compare), a sixty-fourth of the
// work. `createTestContext({ realPasswordHashing: true })` keeps better-auth's own hashing, and
// account/password-hashing.test.ts proves it is what the server uses outside tests.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { PasswordHashing } from '../auth.ts';

const derive = promisify(scrypt) as (password: string, salt: string, keylen: number, options: { N: number; r: number; p: number }) => Promise<Buffer>;
const COST = { N: 1024, r: 4, p: 1 };
const PREFIX = 'test-scrypt';

export const fastPasswordHashing: PasswordHashing = {
  async hash(password) {
    const salt = randomBytes(16).toString('hex');
    const key = await derive(password.normalize('NFKC'), salt, 32, COST);
    return `${PREFIX}:${salt}:${key.toString('hex')}`;
  },
  async verify({ hash, password }) {
    const [prefix, salt, key] = hash.split(':');
    if (prefix !== PREFIX || !salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await derive(password.normalize('NFKC'), salt, expected.length, COST);
    return timingSafeEqual(actual, expected);
  },
};
