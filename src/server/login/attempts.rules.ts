import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { DAY } from '~/lib/time/cst';

/**
 * The pure rules of the password throttles, shared by the students' login and the staff's sign-in
 * (decision 053; tests/unit/login-attempts-rules.test.ts).
 *
 * An attempt is counted before its password is checked: the caller writes a row first, then counts
 * the rows of the window (its own included) and asks attemptVerdict. A success removes its own row
 * only; a failure's row stays counted for the account until its window ends (a success forgives it
 * for the address alone, decision 095). So the last wrong password checked saw every wrong one
 * checked before it: of any tries, sent at once or one by one, beside the owner's sign-ins or not,
 * at most the limit of wrong ones is ever evaluated, whatever the number of instances.
 *
 * Someone else's failures never refuse the right person on a browser that signed in to the
 * account before: such a browser holds a device cookie signed for the account, and its attempts
 * count against that device alone. Other attempts count per account and address pair (an outsider
 * guessing from one address uses up that pair only), per account from every address together (a
 * higher bound against guessing from many addresses), and per address across accounts (a spray);
 * an address over its budget is asked to solve a captcha instead of being refused, so a classroom
 * behind one address that shares a budget with a careless or hostile neighbour can still sign in.
 */

/** What one kind of sign-in allows in its window. Each number counts failures still in the window. */
export interface AttemptLimits {
  /** Failures of an account from one browser that signed in to it before. */
  perDevice: number;
  /** Failures of an account from one address, by browsers it does not know. */
  perAccountAddress: number;
  /** Failures of an account from every address together, by browsers it does not know. */
  perAccount: number;
}

/** The rows of the window, this attempt's own row included. */
export interface AttemptCounts {
  /** The attempt came with the account's device cookie. */
  trusted: boolean;
  device: number;
  accountAddress: number;
  account: number;
  /** Failures from the address by browsers their accounts do not know (every account and name). */
  address: number;
  /** How many of those the address may have before it is asked for a captcha; null: not asked here. */
  addressBudget: number | null;
  /** The attempt carries a captcha answer (checked by the caller when the verdict asks for one). */
  captchaGiven: boolean;
}

/** allow: check the password; refuse: 429 whatever was typed; captcha: check the captcha first, or ask for one. */
export type AttemptVerdict = 'allow' | 'refuse' | 'captcha';

export function attemptVerdict(c: AttemptCounts, limits: AttemptLimits): AttemptVerdict {
  if (c.trusted) return c.device > limits.perDevice ? 'refuse' : 'allow';
  if (c.accountAddress > limits.perAccountAddress || c.account > limits.perAccount) return 'refuse';
  if (c.addressBudget !== null && c.address > c.addressBudget) return 'captcha';
  return 'allow';
}

/** The two device cookies: a browser may hold one for a student and one for a staff account. */
export const DEVICE_COOKIE = { student: 'szyx_device', staff: 'szyx_staff_device' } as const;
export type DeviceKind = keyof typeof DEVICE_COOKIE;

/** How long a browser stays known after its last sign-in (each sign-in writes the cookie anew). */
export const DEVICE_COOKIE_TTL_MS = 180 * DAY;

const NONCE_BYTES = 16;
/** base64url lengths of the nonce (16 bytes) and of the HMAC-SHA256 signature (32 bytes). */
const NONCE_CHARS = 22;
const SIGNATURE_CHARS = 43;
/** What a device cookie's value looks like: the nonce, then the signature, in base64url. */
export const DEVICE_TOKEN_PATTERN = new RegExp(`^[\\w-]{${NONCE_CHARS + SIGNATURE_CHARS}}$`);

function signature(secret: string, kind: DeviceKind, accountKey: string, nonce: string): string {
  return createHmac('sha256', secret).update(`device\n${kind}\n${accountKey}\n${nonce}`).digest('base64url');
}

/** A new device cookie value for the account (the throttle's key of it): a random id and its signature. */
export function newDeviceToken(secret: string, kind: DeviceKind, accountKey: string, random = () => randomBytes(NONCE_BYTES)): string {
  const nonce = random().toString('base64url');
  return `${nonce}${signature(secret, kind, accountKey, nonce)}`;
}

/**
 * The device id of a cookie signed for this account, or null: no cookie, another account's (a
 * shared computer), another kind's, forged or altered. The id is what the failures of the device
 * are counted by.
 */
export function trustedDevice(secret: string, kind: DeviceKind, accountKey: string, token: string | null): string | null {
  // The shape fixes both lengths, which timingSafeEqual needs equal.
  if (!DEVICE_TOKEN_PATTERN.test(token ?? '')) return null;
  const nonce = token!.slice(0, NONCE_CHARS);
  const given = Buffer.from(token!.slice(NONCE_CHARS));
  return timingSafeEqual(given, Buffer.from(signature(secret, kind, accountKey, nonce))) ? nonce : null;
}

/** The Set-Cookie value of a device cookie: the whole site, HttpOnly, never sent by other sites. */
export function deviceCookie(kind: DeviceKind, token: string, secure: boolean): string {
  const maxAge = Math.floor(DEVICE_COOKIE_TTL_MS / 1000);
  return `${DEVICE_COOKIE[kind]}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
