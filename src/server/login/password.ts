import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { countPasswordCheck } from '../metrics';

/**
 * Password hashing with Node's scrypt: a random 16-byte salt per password, 64-byte key,
 * N=16384, r=8, p=1 (about 16 MB and some tens of milliseconds per hash). Stored as
 * `scrypt$N$r$p$<salt base64url>$<key base64url>`, so the cost can be raised later without
 * breaking old hashes. Comparison is constant-time.
 */
const COST = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;
const PREFIX = 'scrypt';

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 128 * cost.N * cost.r * cost.p * 2 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST);
  return [PREFIX, COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const STORED = /^scrypt\$(\d{4,7})\$(\d{1,2})\$(\d{1,2})\$([\w-]{16,64})\$([\w-]{32,128})$/;

/** True when `password` matches the stored hash; false for a wrong password or an unreadable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const m = STORED.exec(stored);
  if (!m) return false;
  const cost = { N: Number(m[1]), r: Number(m[2]), p: Number(m[3]) };
  // N must be a power of two; refuse absurd costs rather than hang.
  if ((cost.N & (cost.N - 1)) !== 0 || cost.N > 1 << 20 || cost.r < 1 || cost.p < 1) return false;
  const expected = Buffer.from(m[5]!, 'base64url');
  const actual = await derive(password, Buffer.from(m[4]!, 'base64url'), cost);
  const matched = actual.length === expected.length && timingSafeEqual(actual, expected);
  countPasswordCheck(matched);
  return matched;
}

/**
 * The hash of a random text nobody knows (made once with hashPassword and written here, so no
 * state is kept): checking a password against it when the account does not exist or has no
 * password costs the same time as a real check, so the answer time does not tell whether an
 * account exists.
 */
export const DUMMY_HASH = 'scrypt$16384$8$1$yYUI0CUOrISrK51dM6ohiA$PbFxIdg5r5zsUwVWmdYLlflFqeZMRq2Q9YOARlvLSykCpC2mRGZcLI52U8YAVk92aU0PkxIsI67WUJ7EmTvgrg';
