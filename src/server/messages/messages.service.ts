import type { DB } from '../db/database';
import type { Scope } from '../http/scope';
import { AppError } from '../errors';
import { newId } from '../ids';
import { windowOf } from '../db/paging';
import { t } from '~/server/i18n';
import { pageOf, type Page } from '~/lib/paging';
import { NOTICES_SHOWN, type ClassNotice, type NoticeInput } from '~/lib/api/contracts/admin-messages';
import { MESSAGES_READ_MAX, type LearnerMessage, type MessageKind, type MessagesRead } from '~/lib/api/contracts/messages';
import { contactsOf } from '../identity/identity.service';
import { queueNotifySms } from '../sms/sms-outbox.service';
import * as repo from './messages.repository';
import type { ClassNoticeTable } from './messages.table';

/**
 * The message centre (decision 077): what a school tells its students, kept per student and per
 * school. The domains whose events they are (classes, marking, certificates) call the notify
 * functions in the transaction of the event, so the message exists exactly when the event does;
 * the event's key is unique per student (messages_source_uq), so an event retried, raced or
 * replayed is told once. The few that matter also go by SMS (sms-outbox.service.ts), as the
 * school's SMS settings allow.
 */

/** One message to one student, before it is written. */
interface Draft {
  userId: string;
  /** The event, per student. */
  sourceKey: string;
  title: string;
  body: string;
  link: string | null;
}

async function deliver(trx: DB, now: number, tenantId: string, kind: MessageKind, drafts: readonly Draft[]): Promise<number> {
  if (drafts.length === 0) return 0;
  return repo.insertMessages(
    trx,
    drafts.map((d) => ({ id: newId(now), tenantId, kind, ...d, createdAt: now, readAt: null })),
  );
}

/** A class's page for a student of that school (the learner area's own address). */
export function classPageLink(tenantId: string, classId: string): string {
  return `/study/training-class?${new URLSearchParams({ classId, schoolId: tenantId }).toString()}`;
}

const classScreen = (classId: string) => `/admin/classes?id=${encodeURIComponent(classId)}`;

export interface ClassFacts {
  tenantId: string;
  schoolName: string;
  classId: string;
  className: string;
}

/** A student's place in a class: their enrolment and user. */
export interface Enrolment {
  classStudentId: string;
  userId: string;
}

/** Students enrolled into a class: a message each and, when the school sends it, an SMS. */
export async function notifyEnrolled(trx: DB, now: number, c: ClassFacts, enrolments: readonly Enrolment[]): Promise<void> {
  if (enrolments.length === 0) return;
  const texts = { school: c.schoolName, className: c.className };
  const link = classPageLink(c.tenantId, c.classId);
  await deliver(
    trx,
    now,
    c.tenantId,
    'enrolled',
    enrolments.map((e) => ({
      userId: e.userId,
      sourceKey: `enrolled:${e.classStudentId}`,
      title: t('messageCentre.enrolled.title', texts),
      body: t('messageCentre.enrolled.body', texts),
      link,
    })),
  );
  const contacts = await contactsOf(
    trx,
    enrolments.map((e) => e.userId),
  );
  await queueNotifySms(trx, now, {
    tenantId: c.tenantId,
    kind: 'enrolled',
    batch: `enrolled:${c.classId}:${newId(now)}`,
    label: t('smsSettings.job.enrolled', { name: c.className }),
    href: classScreen(c.classId),
    recipients: enrolments.map((e) => {
      const who = contacts.get(e.userId);
      return { userId: e.userId, mobile: who?.mobile ?? '', sourceKey: `enrolled:${e.classStudentId}`, params: { name: who?.name ?? '', ...texts } };
    }),
  });
}

/** A marked attempt released to its student. */
export async function notifyReleased(
  trx: DB,
  now: number,
  c: ClassFacts,
  a: { attemptId: string; userId: string; work: string; score: number },
): Promise<void> {
  const texts = { className: c.className, work: a.work, score: String(a.score) };
  await deliver(trx, now, c.tenantId, 'released', [
    {
      userId: a.userId,
      sourceKey: `released:${a.attemptId}`,
      title: t('messageCentre.released.title', texts),
      body: t('messageCentre.released.body', texts),
      link: classPageLink(c.tenantId, c.classId),
    },
  ]);
}

/** A certificate issued to a student of the school. */
export async function notifyCertificate(
  trx: DB,
  now: number,
  a: { tenantId: string; schoolName: string; userId: string; certificateId: string; name: string; number: string; link: string | null },
): Promise<void> {
  const texts = { school: a.schoolName, name: a.name, number: a.number };
  await deliver(trx, now, a.tenantId, 'certificate', [
    {
      userId: a.userId,
      sourceKey: `certificate:${a.certificateId}`,
      title: t('messageCentre.certificate.title', texts),
      body: t('messageCentre.certificate.body', texts),
      link: a.link,
    },
  ]);
}

// ------------------------------------------------------------ class notices

function noticeOf(r: ClassNoticeTable): ClassNotice {
  return {
    id: r.id,
    title: r.title,
    body: r.body,
    urgent: r.urgent === 1,
    recipients: r.recipients,
    smsQueued: r.smsQueued,
    authorName: r.authorName,
    createdAt: r.createdAt,
  };
}

/** A class's notices, newest first (the caller has checked the class is in the actor's reach). */
export async function classNotices(db: DB, tenantId: string, classId: string): Promise<ClassNotice[]> {
  return (await repo.listNotices(db, tenantId, classId, NOTICES_SHOWN)).map(noticeOf);
}

/**
 * Writes a class notice and delivers it to every student of the class (in the caller's
 * transaction): a message each, and an SMS each when it is urgent and the school sends notices.
 */
export async function postClassNotice(
  trx: DB,
  now: number,
  c: ClassFacts & { author: { id: string; name: string } },
  input: NoticeInput,
  enrolments: readonly Enrolment[],
): Promise<ClassNotice> {
  const id = newId(now);
  const sourceKey = `notice:${id}`;
  const link = classPageLink(c.tenantId, c.classId);
  const recipients = await deliver(
    trx,
    now,
    c.tenantId,
    'notice',
    enrolments.map((e) => ({ userId: e.userId, sourceKey, title: t('messageCentre.notice.title', { title: input.title }), body: input.body, link })),
  );
  let smsQueued = 0;
  if (input.urgent) {
    const contacts = await contactsOf(
      trx,
      enrolments.map((e) => e.userId),
    );
    smsQueued = await queueNotifySms(trx, now, {
      tenantId: c.tenantId,
      kind: 'notice',
      batch: sourceKey,
      label: t('smsSettings.job.notice', { name: input.title }),
      href: classScreen(c.classId),
      recipients: enrolments.map((e) => {
        const who = contacts.get(e.userId);
        return { userId: e.userId, mobile: who?.mobile ?? '', sourceKey, params: { name: who?.name ?? '', className: c.className, title: input.title } };
      }),
    });
  }
  const row: ClassNoticeTable = {
    id,
    tenantId: c.tenantId,
    classId: c.classId,
    authorId: c.author.id,
    authorName: c.author.name,
    title: input.title,
    body: input.body,
    urgent: input.urgent ? 1 : 0,
    recipients,
    smsQueued,
    createdAt: now,
  };
  await repo.insertNotice(trx, row);
  return noticeOf(row);
}

// ------------------------------------------------------------ the learner's message centre

/** The token's user's messages in the request's school, newest first. */
export async function myMessages(s: Scope, q: { current: number; size: number; unread: boolean }): Promise<Page<LearnerMessage>> {
  const me = await s.student();
  const { rows, total } = await repo.pageOfUser(s.db, me.tenantId, me.user.id, q.unread, windowOf({ current: q.current, size: q.size, order: 'desc' }));
  return pageOf(
    rows.map((r) => ({ id: r.id, kind: r.kind, title: r.title, body: r.body, link: r.link, createdAt: r.createdAt, read: r.readAt !== null })),
    total,
    q.current,
    q.size,
  );
}

export async function unreadCount(s: Scope): Promise<{ count: number }> {
  const me = await s.student();
  return { count: await repo.countUnread(s.db, me.tenantId, me.user.id) };
}

/** Marks the user's own messages read: the listed ones (others' ids change nothing), or all. */
export async function readMessages(s: Scope, input: { ids?: string[] | undefined; all?: boolean | undefined }): Promise<MessagesRead> {
  const me = await s.student();
  const ids = input.all ? null : (input.ids ?? []);
  if (ids !== null && (ids.length === 0 || ids.length > MESSAGES_READ_MAX)) throw AppError.badRequest(t('messageCentre.badIds', { max: MESSAGES_READ_MAX }));
  const read = await repo.markRead(s.db, me.tenantId, me.user.id, ids, s.now);
  return { read, unread: await repo.countUnread(s.db, me.tenantId, me.user.id) };
}
