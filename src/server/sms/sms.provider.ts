import type { Config } from '../config';
import type { Logger } from '../logger';

/**
 * Where codes go. SMS_PROVIDER=dev (the default) writes the code to the server log and keeps the
 * latest code per tenant, mobile and template in memory for the development endpoint;
 * SMS_PROVIDER=http posts {mobile, templateCode, code} as JSON to SMS_HTTP_URL (with
 * `Authorization: Bearer SMS_HTTP_TOKEN` when set). A provider throws when the message was not
 * accepted.
 */
export interface SmsMessage {
  tenantId: string;
  mobile: string;
  templateCode: string;
  code: string;
}

export interface SmsProvider {
  readonly kind: 'dev' | 'http';
  send(message: SmsMessage, now: number): Promise<void>;
  /** Development provider only: the latest code sent. */
  latest?(tenantId: string, mobile: string, templateCode: string): { code: string; sentAt: number } | null;
}

const DEV_KEPT = 1000;
const HTTP_TIMEOUT_MS = 5_000;

/** `logger` is asked at each send: tests replace the runtime's logger after the server is made. */
export function createDevProvider(logger: () => Logger): SmsProvider {
  const latest = new Map<string, { code: string; sentAt: number }>();
  const key = (tenantId: string, mobile: string, templateCode: string) => `${tenantId}|${mobile}|${templateCode}`;
  return {
    kind: 'dev',
    async send(m, now) {
      logger().info('sms code (development provider)', { tenantId: m.tenantId, mobile: m.mobile, templateCode: m.templateCode, code: m.code });
      const k = key(m.tenantId, m.mobile, m.templateCode);
      latest.delete(k);
      latest.set(k, { code: m.code, sentAt: now });
      if (latest.size > DEV_KEPT) latest.delete(latest.keys().next().value!);
    },
    latest: (tenantId, mobile, templateCode) => latest.get(key(tenantId, mobile, templateCode)) ?? null,
  };
}

export function createHttpProvider(url: string, token: string | undefined, fetchImpl: typeof fetch = fetch): SmsProvider {
  return {
    kind: 'http',
    async send(m) {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ mobile: m.mobile, templateCode: m.templateCode, code: m.code }),
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
      // Drain the body so the connection can be reused.
      await res.arrayBuffer().catch(() => undefined);
      if (!res.ok) throw new Error(`SMS provider answered HTTP ${res.status}`);
    },
  };
}

/** The provider SMS_PROVIDER names (http needs SMS_HTTP_URL; anything else is the development one). */
export function createSmsProvider(config: Pick<Config, 'SMS_PROVIDER' | 'SMS_HTTP_URL' | 'SMS_HTTP_TOKEN'>, logger: () => Logger): SmsProvider {
  return config.SMS_PROVIDER === 'http' && config.SMS_HTTP_URL ? createHttpProvider(config.SMS_HTTP_URL, config.SMS_HTTP_TOKEN) : createDevProvider(logger);
}
