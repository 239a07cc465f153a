import type { MessageKind } from '~/lib/api/contracts/messages';

/** One student's message in one school (decision 077). */
export interface MessageTable {
  id: string;
  tenantId: string;
  /** The student (users.id). */
  userId: string;
  kind: MessageKind;
  /** The event it tells of (enrolled:<class student id>, released:<attempt id>, notice:<id> …): once per student. */
  sourceKey: string;
  title: string;
  /** Plain text. */
  body: string;
  /** A path of the portal the message leads to, or null. */
  link: string | null;
  createdAt: number;
  readAt: number | null;
}

/** What a class's teacher wrote to its students. */
export interface ClassNoticeTable {
  id: string;
  tenantId: string;
  classId: string;
  authorId: string;
  /** The author's name as it was, as the audit log keeps it. */
  authorName: string;
  title: string;
  body: string;
  /** 1: also sent by SMS (if the school's settings allow). */
  urgent: number;
  /** The students it was delivered to. */
  recipients: number;
  /** The SMS queued for it. */
  smsQueued: number;
  createdAt: number;
}
