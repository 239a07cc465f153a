import type { DB } from '../db/database';
import type { Scope } from '../http/scope';
import { newId } from '../ids';
import { enqueue, errorText, type Job } from '../jobs/jobs.service';
import { formatDate } from '~/lib/time/cst';
import { maskMobile } from '~/lib/learning/class-admin';
import { t } from '~/server/i18n';
import { SMS_RECENT_SHOWN, SMS_SETTINGS_DEFAULT, type OutboxState, type SmsSettings, type SmsSettingsInput } from '~/lib/api/contracts/admin-messages';
import * as repo from './sms-outbox.repository';
import { OutboxStatus } from './sms.table';

/**
 * The school's notification SMS (decision 077): its settings, the outbox and the job that sends it.
 *
 * - An event (an enrolment, an urgent class notice) queues one row per student with a mobile in
 *   the transaction of the event, unique per school, event and student: told once per recipient,
 *   however often or in how many places the event is retried. The rows of one event are one
 *   batch, sent by one sms.send job (visible on the jobs screen, retried when a send failed).
 * - Each send first takes one of the school's SMS of the day (China Standard Time) by a
 *   conditional update: over the budget the SMS is not sent (the in-portal message still is). A
 *   send the gateway refused gives its slot back and is tried again with the job.
 * - The gateway gets the school's 短信签名 and the message's id, the same on every retry, so a
 *   gateway can drop a message whose first answer was lost.
 * - Verification codes are not counted against the budget: a student must always be able to sign in.
 */

export const SMS_SEND_JOB = 'sms.send';
export type NotifySmsKind = 'enrolled' | 'notice';
/** At most this many SMS per run of a batch's job, so a run ends well inside its lease (each send may take the gateway's 5 s). */
export const SMS_PER_RUN = 20;

const STATE_OF: Record<number, OutboxState> = {
  [OutboxStatus.QUEUED]: 'queued',
  [OutboxStatus.SENT]: 'sent',
  [OutboxStatus.FAILED]: 'failed',
  [OutboxStatus.OVER_BUDGET]: 'overBudget',
  [OutboxStatus.SKIPPED]: 'skipped',
};

/** The school's settings, or the defaults when it saved none. */
export async function settingsOf(db: DB, tenantId: string): Promise<SmsSettingsInput> {
  const row = await repo.findSettings(db, tenantId);
  if (!row) return SMS_SETTINGS_DEFAULT;
  return {
    signName: row.signName,
    dailyBudget: row.dailyBudget,
    enrolledOn: row.enrolledOn === 1,
    noticeOn: row.noticeOn === 1,
    enrolledTemplate: row.enrolledTemplate,
    noticeTemplate: row.noticeTemplate,
  };
}

const effectiveSign = (settings: SmsSettingsInput, schoolName: string) => settings.signName || schoolName;

/** The 短信签名 the gateway gets for the school: its setting, else its name. */
export async function signNameOf(db: DB, tenant: { id: string; name: string }): Promise<string> {
  return effectiveSign(await settingsOf(db, tenant.id), tenant.name);
}

const isOn = (settings: SmsSettingsInput, kind: NotifySmsKind) => (kind === 'enrolled' ? settings.enrolledOn : settings.noticeOn);
const templateOf = (settings: SmsSettingsInput, kind: NotifySmsKind) => (kind === 'enrolled' ? settings.enrolledTemplate : settings.noticeTemplate);

export interface SmsRecipient {
  userId: string;
  /** Empty when the student has none: nothing is queued for them. */
  mobile: string;
  /** The event, per student: once per recipient. */
  sourceKey: string;
  params: Readonly<Record<string, string>>;
}

/**
 * Queues an event's SMS in the caller's transaction when the school sends that kind, and the job
 * that sends them. Answers how many were queued (a student told before is not queued again).
 */
export async function queueNotifySms(
  trx: DB,
  now: number,
  a: { tenantId: string; kind: NotifySmsKind; batch: string; label: string; href: string; recipients: readonly SmsRecipient[] },
): Promise<number> {
  const settings = await settingsOf(trx, a.tenantId);
  if (!isOn(settings, a.kind)) return 0;
  const templateCode = templateOf(settings, a.kind);
  const rows = a.recipients
    .filter((r) => r.mobile !== '')
    .map((r) => ({
      id: newId(now),
      tenantId: a.tenantId,
      batch: a.batch,
      label: a.label,
      sourceKey: r.sourceKey,
      userId: r.userId,
      mobile: r.mobile,
      templateCode,
      params: JSON.stringify(r.params),
      status: OutboxStatus.QUEUED,
      tries: 0,
      lastError: null,
      createdAt: now,
      sentAt: null,
    }));
  const queued = rows.length === 0 ? 0 : await repo.insertOutbox(trx, rows);
  if (queued > 0)
    await enqueue(trx, now, { tenantId: a.tenantId, kind: SMS_SEND_JOB, key: a.batch, payload: { batch: a.batch, kind: a.kind, href: a.href }, runAt: now });
  return queued;
}

/**
 * The sms.send job: sends its batch's SMS still to send, at most SMS_PER_RUN a run (a batch with
 * more queues its job again at once). A failed send is kept as failed and the run ends with an
 * error, so the job is retried with its growing delay and only the failed ones are sent again.
 */
export async function runSmsBatch(s: Scope, payload: Record<string, unknown>, job: Job): Promise<void> {
  const batch = typeof payload['batch'] === 'string' ? payload['batch'] : '';
  const tenantId = job.tenantId;
  if (!batch || !tenantId) return;
  const tenant = await s.tenant(tenantId);
  const settings = await settingsOf(s.db, tenantId);
  const pending = await repo.pendingOfBatch(s.db, tenantId, batch);
  const day = formatDate(s.now);
  let failed = 0;
  let lastError = '';
  for (const row of pending.slice(0, SMS_PER_RUN)) {
    const kind: NotifySmsKind = row.sourceKey.startsWith('notice:') ? 'notice' : 'enrolled';
    if (!isOn(settings, kind)) {
      await repo.settle(s.db, tenantId, row.id, { status: OutboxStatus.SKIPPED, lastError: null, sentAt: null, tried: false });
      continue;
    }
    if (!(await repo.takeBudget(s.db, tenantId, day, settings.dailyBudget))) {
      await repo.settle(s.db, tenantId, row.id, { status: OutboxStatus.OVER_BUDGET, lastError: t('smsSettings.overBudget'), sentAt: null, tried: false });
      continue;
    }
    try {
      await s.providers.sms.send(
        {
          id: row.id,
          tenantId,
          schoolName: tenant.name,
          signName: effectiveSign(settings, tenant.name),
          mobile: row.mobile,
          templateCode: row.templateCode,
          params: JSON.parse(row.params) as Record<string, string>,
        },
        s.now,
      );
      await repo.settle(s.db, tenantId, row.id, { status: OutboxStatus.SENT, lastError: null, sentAt: s.now, tried: true });
    } catch (error) {
      failed++;
      lastError = errorText(error);
      await repo.giveBackBudget(s.db, tenantId, day);
      await repo.settle(s.db, tenantId, row.id, { status: OutboxStatus.FAILED, lastError: lastError.slice(0, 500), sentAt: null, tried: true });
    }
  }
  if (failed > 0) throw new Error(`${failed} SMS not accepted: ${lastError}`);
  // More than one run's worth: the job runs again at once for the rest (its claim of this run ends here).
  if (pending.length > SMS_PER_RUN) await enqueue(s.db, s.now, { tenantId, kind: SMS_SEND_JOB, key: batch, payload, runAt: s.now });
}

/** The jobs screen's names of batches: what each is about. */
export async function batchLabels(db: DB, tenantId: string, batches: string[]): Promise<{ id: string; name: string }[]> {
  const rows = await repo.labelsOf(db, tenantId, batches);
  return rows.map((r) => ({ id: r.batch, name: r.label }));
}

/** The school's settings as the screen shows them, with today's use and the last SMS (`names`: the students' names by id). */
export async function smsSettingsView(
  db: DB,
  tenant: { id: string; name: string },
  now: number,
  names: (userIds: string[]) => Promise<Map<string, string>>,
): Promise<SmsSettings> {
  const [settings, usedToday, recent] = await Promise.all([
    settingsOf(db, tenant.id),
    repo.usedOnDay(db, tenant.id, formatDate(now)),
    repo.recentOutbox(db, tenant.id, SMS_RECENT_SHOWN),
  ]);
  const who = await names([...new Set(recent.map((r) => r.userId))]);
  return {
    ...settings,
    usedToday,
    effectiveSignName: effectiveSign(settings, tenant.name),
    recent: recent.map((r) => ({
      id: r.id,
      to: `${who.get(r.userId) ?? ''} ${maskMobile(r.mobile)}`.trim(),
      kind: r.sourceKey.startsWith('notice:') ? 'notice' : 'enrolled',
      state: STATE_OF[r.status] ?? 'queued',
      error: r.lastError,
      createdAt: r.createdAt,
      sentAt: r.sentAt,
    })),
  };
}

/** Saves the school's settings (in the caller's transaction); answers the fields that changed, [before, after]. */
export async function saveSmsSettings(trx: DB, tenantId: string, now: number, input: SmsSettingsInput): Promise<Record<string, readonly [unknown, unknown]>> {
  const before = await settingsOf(trx, tenantId);
  await repo.saveSettings(trx, {
    tenantId,
    signName: input.signName,
    dailyBudget: input.dailyBudget,
    enrolledOn: input.enrolledOn ? 1 : 0,
    noticeOn: input.noticeOn ? 1 : 0,
    enrolledTemplate: input.enrolledTemplate,
    noticeTemplate: input.noticeTemplate,
    updatedAt: now,
  });
  const keys = Object.keys(SMS_SETTINGS_DEFAULT) as (keyof SmsSettingsInput)[];
  return Object.fromEntries(keys.filter((k) => before[k] !== input[k]).map((k) => [k, [before[k], input[k]] as const]));
}
