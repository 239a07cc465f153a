import { SIGNATURE_HEADER, TIMESTAMP_HEADER, signRequest } from './third-party.rules';

/**
 * The third-party course platform's HTTP API, server to server (decision 021). Each call is a
 * signed JSON POST under THIRD_PARTY_PLATFORM_URL answering `{ code: 0, data }`; any other answer
 * (network failure, time-out after 5 s, HTTP status, code, missing field) throws a
 * PlatformError, which the service turns into one clear message.
 */

export class PlatformError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlatformError';
  }
}

export interface PlatformUser {
  /** The platform (learningPlatform) and the course's platform type. */
  learningPlatform: number;
  thirdPlatformType: number;
  tenantId: string;
  userId: string;
  mobile: string | null;
  realName: string | null;
  nickName: string | null;
}

export interface ThirdPartyPlatform {
  /** Makes or updates the user on the platform; answers the platform's user id. */
  syncUser(user: PlatformUser): Promise<string>;
  /** A single-sign-on code for the platform's user. */
  ssoCode(input: { learningPlatform: number; platformUserId: string }): Promise<string>;
  /** The classroom URL (not yet checked: the service allows only http(s)). */
  classroomUrl(input: { learningPlatform: number; code: string; backUrl: string; classroomCode: string; type: 'S' }): Promise<string>;
}

export const PLATFORM_TIMEOUT_MS = 5_000;

const textField = (data: unknown, key: string): string => {
  const v = data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
  if (typeof v !== 'string' && typeof v !== 'number') throw new PlatformError(`the platform's answer has no ${key}`);
  const text = String(v);
  if (text === '' || text.length > 4096) throw new PlatformError(`the platform's ${key} is empty or too long`);
  return text;
};

export function createPlatformClient(baseUrl: string, secret: string, now: () => number, fetchImpl: typeof fetch = fetch): ThirdPartyPlatform {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  async function call(path: string, payload: unknown): Promise<unknown> {
    const url = new URL(path.replace(/^\//, ''), base);
    const body = JSON.stringify(payload);
    const timestamp = now();
    let res: Response;
    try {
      res = await fetchImpl(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          [TIMESTAMP_HEADER]: String(timestamp),
          [SIGNATURE_HEADER]: signRequest(secret, 'POST', url.pathname, timestamp, body),
        },
        body,
        signal: AbortSignal.timeout(PLATFORM_TIMEOUT_MS),
        redirect: 'error',
      });
    } catch (error) {
      throw new PlatformError(`${url.pathname}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) throw new PlatformError(`${url.pathname}: HTTP ${res.status}`);
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw new PlatformError(`${url.pathname}: not JSON`);
    }
    const code = answer && typeof answer === 'object' ? (answer as Record<string, unknown>)['code'] : undefined;
    if (code !== 0 && code !== '0') throw new PlatformError(`${url.pathname}: code ${String(code)}`);
    return (answer as Record<string, unknown>)['data'];
  }
  return {
    async syncUser(user) {
      return textField(await call('/user/sync', user), 'platformUserId');
    },
    async ssoCode(input) {
      return textField(await call('/sso/code', input), 'code');
    },
    async classroomUrl(input) {
      return textField(await call('/classroom/url', input), 'url');
    },
  };
}
