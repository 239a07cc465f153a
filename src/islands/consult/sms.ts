import { request } from '~/lib/api/client';
import { publicConfig } from '~/lib/config';
import { DEFAULT_SMS_TEMPLATE, SEND_SMS_PATH, smsSign, type SmsTemplate } from '~/lib/sms-sign';

/**
 * GET sendSmsCode with the `sign` header. The sign covers the query exactly as sent, so it is
 * computed in ofetch's onRequest hook, after the API client has added its `timestamp` parameter.
 * `tenantId` sends it for another school than the page's (the join form). Resolves on success; rejects with the client's ApiError (message = the server's message).
 */
export async function sendSmsCode(mobile: string, templateCode: SmsTemplate = DEFAULT_SMS_TEMPLATE, tenantId?: string): Promise<void> {
  await request<null>(SEND_SMS_PATH, {
    method: 'GET',
    query: { mobile, templateCode },
    silent: true,
    // A code is bound to a school: the join form asks it for the school being joined.
    ...(tenantId ? { headers: { TenantId: tenantId, SchoolId: tenantId } } : {}),
    async onRequest({ options }) {
      const query = (options.query ?? {}) as Record<string, unknown>;
      const sign = await smsSign(query, publicConfig().smsSignKey);
      (options.headers as Headers).set('sign', sign);
    },
  });
}
