import { get, post } from '../contract';
import type { Page } from '../../paging';

/**
 * The learner's message centre (decision 077): the messages the school sent the token's user, in
 * the school of the request. Each needs the Token header and answers only the token's own messages.
 */

/** What a message tells of: an enrolment, released marks, an issued certificate, a class notice. */
export const MESSAGE_KINDS = ['enrolled', 'released', 'certificate', 'notice'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** At most this many messages are marked read by ids in one call. */
export const MESSAGES_READ_MAX = 100;
/** The header shows at most this number; more is shown as this number and a plus. */
export const UNREAD_SHOWN_MAX = 99;

export interface LearnerMessage {
  id: string;
  kind: MessageKind;
  title: string;
  /** Plain text; line breaks are kept. */
  body: string;
  /** A path of the portal the message leads to, or null. */
  link: string | null;
  /** Epoch ms. */
  createdAt: number;
  read: boolean;
}

export interface MessageQuery {
  current?: number | undefined;
  size?: number | undefined;
  /** Only the unread ones. */
  unread?: boolean | undefined;
}

export interface MessagesRead {
  /** Messages this call marked read (already read ones are not counted). */
  read: number;
  /** The unread messages left. */
  unread: number;
}

/** The messages, newest first. */
export const messagesPage = get<MessageQuery, Page<LearnerMessage>>('/messages/page');
/** How many messages are unread (the header's count). */
export const messagesUnread = get<Record<string, never>, { count: number }>('/messages/unreadCount');
/** Marks the given messages read, or every one with `all`. */
export const messagesRead = post<{ ids?: string[] | undefined; all?: boolean | undefined }, MessagesRead>('/messages/read');
