import { get } from '../contract';
import type { PublicSmsTemplate, SmsTemplate } from '../../sms-codes';

/** SMS verification codes (see lib/sms-sign for the `sign` header the send call needs). */

export interface LatestSmsCode {
  mobile: string;
  templateCode: SmsTemplate;
  code: string;
  /** Epoch ms. */
  sentAt: number;
}

/**
 * Sends a code; needs the `sign` header over the query. templateCode defaults to
 * VISITOR_MSG_VERIFY. Answered with data null and the message 发送成功.
 */
export const sendSmsCode = get<{ mobile: string; templateCode?: PublicSmsTemplate; timestamp: number | string }, null>('/oauth/anyTenant/sendSmsCode');
/** Development and tests only (the development provider): the latest code sent. Absent in production. */
export const latestSmsCode = get<{ mobile: string; templateCode?: SmsTemplate }, LatestSmsCode>('/oauth/anyTenant/dev/latestSmsCode');
