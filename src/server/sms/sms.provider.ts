import type { Config } from '../config';
import type { Logger } from '../logger';

/**
 * Where SMS go: verification codes and the school's notifications (decision 077). SMS_PROVIDER=dev
 * (the default) writes each to the server log and keeps the latest code per tenant, mobile and
 * template in memory for the development endpoint; SMS_PROVIDER=http posts the message as JSON to
 * SMS_HTTP_URL (with `Authorization: Bearer SMS_HTTP_TOKEN` when set): {id, mobile, templateCode,
 * code | params, signName, school: {id, name}}, so a gateway shared by schools signs each with its
 * school's 短信签名, and `id` lets it drop a message it was given twice (a notification retried
 * after its first send's answer was lost). A provider throws when the message was not accepted.
 */
export interface SmsMessage {
  /** The message's own id: the same on every retry of it. */
  id: string;
  tenantId: string;
  /** The school's name, as its SMS are addressed. */
  schoolName: string;
  /** 短信签名 (without 【】): the school's setting, else its name. */
  signName: string;
  mobile: string;
  templateCode: string;
  /** A verification code's digits; absent for a notification. */
  code?: string | undefined;
  /** A notification's template parameters. */
  params?: Readonly<Record<string, string>> | undefined;
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
      logger().info(m.code === undefined ? 'sms notification (development provider)' : 'sms code (development provider)', {
        id: m.id,
        tenantId: m.tenantId,
        signName: m.signName,
        mobile: m.mobile,
        templateCode: m.templateCode,
        ...(m.code === undefined ? { params: m.params } : { code: m.code }),
      });
      if (m.code === undefined) return;
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
        body: JSON.stringify({
          id: m.id,
          mobile: m.mobile,
          templateCode: m.templateCode,
          ...(m.code === undefined ? { params: m.params ?? {} } : { code: m.code }),
          signName: m.signName,
          school: { id: m.tenantId, name: m.schoolName },
        }),
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
