import { get, post } from '../contract';

/**
 * Class notices and the school's SMS settings (decision 077). A notice is written to one class by
 * its teachers or an administrator (the class scope decides, as for its students); the SMS
 * settings are administrators'.
 */

export const NOTICE_TITLE_MAX = 60;
export const NOTICE_BODY_MAX = 1000;
/** The notices a class's screen lists, newest first. */
export const NOTICES_SHOWN = 50;

export interface ClassNotice {
  id: string;
  title: string;
  body: string;
  urgent: boolean;
  /** The students it was delivered to. */
  recipients: number;
  /** The SMS queued for it (0 when not urgent, SMS is off, or no student has a mobile). */
  smsQueued: number;
  authorName: string;
  /** Epoch ms. */
  createdAt: number;
}

export interface NoticeInput {
  title: string;
  body: string;
  urgent: boolean;
}

export const SIGN_NAME_MAX = 12;
export const TEMPLATE_CODE_MAX = 40;
/** The most SMS a school may allow itself a day. */
export const DAILY_BUDGET_MAX = 100_000;

export interface SmsSettingsInput {
  /** 短信签名, without 【】; blank: the school's name. */
  signName: string;
  dailyBudget: number;
  enrolledOn: boolean;
  noticeOn: boolean;
  enrolledTemplate: string;
  noticeTemplate: string;
}

/** The school's SMS of today and the last days, by state. */
export interface SmsSettings extends SmsSettingsInput {
  /** SMS sent today (China Standard Time) against the budget. */
  usedToday: number;
  /** The signature the gateway gets now (the school's name when none is set). */
  effectiveSignName: string;
  /** The last SMS of the school's events, newest first. */
  recent: SmsOutboxItem[];
}

export type OutboxState = 'queued' | 'sent' | 'failed' | 'overBudget' | 'skipped';

export interface SmsOutboxItem {
  id: string;
  /** The student's name and masked mobile. */
  to: string;
  kind: 'enrolled' | 'notice';
  state: OutboxState;
  error: string | null;
  createdAt: number;
  sentAt: number | null;
}

/** The settings a school has before it saves its own. */
export const SMS_SETTINGS_DEFAULT: SmsSettingsInput = {
  signName: '',
  dailyBudget: 500,
  enrolledOn: true,
  noticeOn: true,
  enrolledTemplate: 'CLASS_ENROLLED',
  noticeTemplate: 'CLASS_NOTICE',
};
export const SMS_RECENT_SHOWN = 20;

export const adminClassNotices = get<Record<string, never>, ClassNotice[]>('/admin/classes/:id/notices');
export const adminClassNoticePost = post<NoticeInput, ClassNotice>('/admin/classes/:id/notices');
export const adminSmsSettings = get<Record<string, never>, SmsSettings>('/admin/sms/settings');
export const adminSmsSettingsSave = post<SmsSettingsInput, SmsSettings>('/admin/sms/settings');
