import { atom } from 'nanostores';

/**
 * The logged-in student's unread messages in this school, shared by the header's 消息 link and the
 * message centre: null until the header asked the server. The message centre sets it after it
 * marks messages read, so the header's count follows at once.
 */
export const $unreadMessages = atom<number | null>(null);
