import { request } from '~/lib/api/client';
import { urlOf, type AnswerOf } from '~/lib/api/contract';
import { sendSmsCode as sendCall } from '~/lib/api/contracts/sms';
import { publicConfig } from '~/lib/config';
import { smsSign } from '~/lib/sms-sign';
import { DEFAULT_SMS_TEMPLATE, type PublicSmsTemplate } from '~/lib/sms-codes';

/**
 * GET sendSmsCode with the `sign` header. The sign covers the query exactly as sent, so it is
 * computed by the API client's `signQuery`, after the client has added its `timestamp` parameter
 * (which is why this call goes through `request`, not `send`). `tenantId` sends it for another
 * school than the page's (the join form). Resolves on success; rejects with the client's ApiError
 * (message = the server's message).
 */
export async function sendSmsCode(mobile: string, templateCode: PublicSmsTemplate = DEFAULT_SMS_TEMPLATE, tenantId?: string): Promise<void> {
  await request<AnswerOf<typeof sendCall>>(urlOf(sendCall), {
    method: sendCall.method,
    query: { mobile, templateCode },
    silent: true,
    // A code is bound to a school: the join form asks it for the school being joined.
    ...(tenantId ? { headers: { TenantId: tenantId, SchoolId: tenantId } } : {}),
    signQuery: async (query) => ({ sign: await smsSign(query, publicConfig().smsSignKey) }),
  });
}
