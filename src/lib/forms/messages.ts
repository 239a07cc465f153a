import { z } from './zod';
import { saying } from './parts';
import { DAILY_BUDGET_MAX, NOTICE_BODY_MAX, NOTICE_TITLE_MAX, SIGN_NAME_MAX, TEMPLATE_CODE_MAX } from '~/lib/api/contracts/admin-messages';
import { t } from '~/lib/i18n/messages/admin-messages';

/**
 * A class notice and the school's SMS settings (decision 077): each field's limit and message
 * written once, for the routes that validate and the screens that check as the staff type.
 */

export const noticeForm = z.object({
  title: saying(NOTICE_TITLE_MAX, t('notices.titleRequired'), t('notices.titleTooLong', { max: NOTICE_TITLE_MAX })),
  body: saying(NOTICE_BODY_MAX, t('notices.bodyRequired'), t('notices.bodyTooLong', { max: NOTICE_BODY_MAX })),
  urgent: z.boolean({ error: t('notices.badUrgent') }),
});

const SIGN_MIN = 2;
const badSign = t('smsSettings.badSignName', { max: SIGN_NAME_MAX });
const badTemplate = t('smsSettings.badTemplate', { max: TEMPLATE_CODE_MAX });
const templateCode = z
  .string({ error: badTemplate })
  .trim()
  .regex(new RegExp(`^[A-Za-z0-9_-]{1,${TEMPLATE_CODE_MAX}}$`), badTemplate);
const badBudget = t('smsSettings.badBudget', { max: DAILY_BUDGET_MAX });

export const smsSettingsForm = z.object({
  // Blank: the school's name. A signature never carries the brackets the gateway adds.
  signName: z
    .string({ error: badSign })
    .trim()
    .refine((v) => v === '' || (v.length >= SIGN_MIN && v.length <= SIGN_NAME_MAX && !/[【】[\]]/.test(v)), badSign),
  dailyBudget: z.number({ error: badBudget }).int(badBudget).min(0, badBudget).max(DAILY_BUDGET_MAX, badBudget),
  enrolledOn: z.boolean({ error: t('smsSettings.badSwitch') }),
  noticeOn: z.boolean({ error: t('smsSettings.badSwitch') }),
  enrolledTemplate: templateCode,
  noticeTemplate: templateCode,
});
