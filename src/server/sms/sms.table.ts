/**
 * 0 sending, 1 sent, 2 failed (a failed send's code is never usable), 3 withheld: a code asked for a
 * mobile it must not go to (a staff password reset for a mobile that is no active staff account),
 * kept and counted like a sent one so the asker cannot tell the two apart, and delivered to nobody.
 */
export const SmsStatus = { SENDING: 0, SENT: 1, FAILED: 2, WITHHELD: 3 } as const;

export interface SmsCodeTable {
  id: string;
  tenantId: string;
  mobile: string;
  templateCode: string;
  /** HMAC-SHA256 (SESSION_SECRET) of tenant, mobile, template and code; the code itself is never stored. */
  codeHash: string;
  ip: string;
  status: number;
  /** Wrong tries so far; the code is burned at 5. */
  attempts: number;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

/** One row per mobile: when its last code was sent (the 60 s countdown, shared by every instance). */
export interface SmsSendStateTable {
  mobile: string;
  lastSentAt: number;
}
