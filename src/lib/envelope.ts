/**
 * The response envelope shared by server and browser: {code, data, message}.
 * Pure and browser-safe.
 */
export const SUCCESS_CODES = [0, 200, 1] as const;
/** Codes meaning the login is invalid: the client clears the session and goes to login. */
export const LOGIN_INVALID_CODES = [40001, 40005, 40009] as const;

export const ErrorCode = {
  OK: 0,
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  /** Logged in, but this is not yours (another student's comment, another user's binding). */
  FORBIDDEN: 403,
  METHOD_NOT_ALLOWED: 405,
  /** The write lost a race or repeats one that already happened (submitted twice, signed in twice). */
  CONFLICT: 409,
  /** The connection sent no whole request in time; a browser sends the request again (gate.ts). */
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  /**
   * A login from an address that used up its budget of failures: send it again with a captcha's key
   * and answer (decision 053). The form shows the captcha; nothing was checked.
   */
  CAPTCHA_REQUIRED: 428,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  TENANT_NOT_FOUND: 10404,
  /** The token is missing, unknown or expired. */
  TOKEN_INVALID: 40001,
  /** The token was revoked, for example after logging in elsewhere or logging out. */
  TOKEN_REVOKED: 40005,
  /** The token does not belong to this tenant or application. */
  TOKEN_FOREIGN: 40009,
} as const;

export interface Envelope<T> {
  code: number;
  data: T;
  message: string;
}

/** A code as a number: numbers and numeric text only ('0' yes; null, '', false, [] no). */
function codeOf(code: unknown): number | null {
  if (typeof code === 'number') return Number.isFinite(code) ? code : null;
  if (typeof code === 'string' && /^\s*-?\d+\s*$/.test(code)) return Number(code);
  return null;
}

export function isSuccess(code: unknown): boolean {
  const n = codeOf(code);
  return n !== null && (SUCCESS_CODES as readonly number[]).includes(n);
}

export function isLoginInvalid(code: unknown): boolean {
  const n = codeOf(code);
  return n !== null && (LOGIN_INVALID_CODES as readonly number[]).includes(n);
}

/** The server's message, whichever field it came in. */
export function messageOf(body: unknown): string {
  const b = (body ?? {}) as Record<string, unknown>;
  for (const key of ['msg', 'errorMsg', 'message', 'errorMessage']) {
    const v = b[key];
    if (typeof v === 'string' && v) return v;
  }
  return '';
}
