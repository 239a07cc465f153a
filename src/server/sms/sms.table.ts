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

/** A school's SMS settings; a school without a row has SMS_SETTINGS_DEFAULT (src/lib/api/contracts/admin-messages.ts). */
export interface SmsSettingsTable {
  tenantId: string;
  /** 短信签名: the gateway signs the school's messages with it (blank: the school's name). */
  signName: string;
  /** SMS a day (China Standard Time) the school's events may send; 0 sends none. */
  dailyBudget: number;
  /** 1: an enrolment is told by SMS. */
  enrolledOn: number;
  /** 1: an urgent class notice is sent by SMS. */
  noticeOn: number;
  /** The gateway's template code of each. */
  enrolledTemplate: string;
  noticeTemplate: string;
  updatedAt: number;
}

/**
 * An event's SMS to one student: 0 queued, 1 sent, 2 failed (retried with its job), 3 over the
 * school's daily budget, 4 not sent because the school turned that SMS off before it went.
 */
export const OutboxStatus = { QUEUED: 0, SENT: 1, FAILED: 2, OVER_BUDGET: 3, SKIPPED: 4 } as const;

export interface SmsOutboxTable {
  id: string;
  tenantId: string;
  /** The job that sends it: one per event (an enrolment's, a notice's). */
  batch: string;
  /** What the batch is about, as the jobs screen names it (入班短信：<class>, 通知短信：<title>). */
  label: string;
  /** The event: once per student (unique with the school and the student). */
  sourceKey: string;
  userId: string;
  mobile: string;
  templateCode: string;
  /** JSON: the template's parameters. */
  params: string;
  status: number;
  tries: number;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
}

/** The SMS a school's events sent on one China Standard Time day ('YYYY-MM-DD'). */
export interface SmsBudgetDayTable {
  tenantId: string;
  day: string;
  used: number;
}
