import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/sms';
import { t } from '~/server/i18n';
import { DEFAULT_SMS_TEMPLATE, MOBILE_PATTERN, PUBLIC_SMS_TEMPLATES, SMS_TEMPLATES } from '~/lib/sms-codes';
import { AppError } from '../errors';
import { availableWhen, exactly } from '../http/exact';
import type { ApiEnv } from '../http/scope';
import { serve } from '../http/serve';
import { signMatches } from './sms.rules';
import { SMS_LIMITS, latestSentCode, sendSmsCode } from './sms.service';

const mobile = z
  .string()
  .max(64, t('sms.mobileInvalid'))
  .optional()
  .transform((v) => (v ?? '').trim())
  .pipe(z.string().min(1, t('sms.mobileRequired')).regex(MOBILE_PATTERN, t('sms.mobileInvalid')));

/** A template of `templates`; blank is the consult form's. */
const templateOf = <T extends readonly [string, ...string[]]>(templates: T) =>
  z
    .string()
    .max(64, t('sms.templateInvalid'))
    .optional()
    .transform((v) => v?.trim() || DEFAULT_SMS_TEMPLATE)
    .pipe(z.enum(templates, { error: t('sms.templateInvalid') }));

// The staff password reset's code is sent only by the staff side's call, to a staff account's mobile.
const sendQuery = z.object({
  mobile,
  templateCode: templateOf(PUBLIC_SMS_TEMPLATES),
  timestamp: z
    .string({ error: t('sms.timestampInvalid') })
    .regex(/^\d{1,16}$/, t('sms.timestampInvalid'))
    .transform(Number),
});

const latestQuery = z.object({ mobile, templateCode: templateOf(SMS_TEMPLATES) });

export const smsRoutes = new Hono<ApiEnv>();

// The spec's exact texts: a refusal names no field.
serve(
  smsRoutes,
  api.sendSmsCode,
  exactly(sendQuery),
  async (s, q, c) => {
    const sign = c.req.header('sign');
    if (!sign) throw AppError.badRequest(t('sms.signMissing'));
    // The sign covers the query as sent.
    if (!signMatches(sign, c.req.query(), s.config.SMS_SIGN_ACCESS_KEY)) throw AppError.badRequest(t('sms.signInvalid'));
    if (Math.abs(q.timestamp - s.now) > SMS_LIMITS.clockSkewMs) throw AppError.badRequest(t('sms.timestampInvalid'));
    await sendSmsCode(s, { mobile: q.mobile, templateCode: q.templateCode });
    return null;
  },
  { message: t('sms.sent') },
);

// Development and tests only: the endpoint does not exist in production.
availableWhen(smsRoutes, api.latestSmsCode, (config) => config.developmentMode);
serve(smsRoutes, api.latestSmsCode, exactly(latestQuery), (s, q) => latestSentCode(s, q.mobile, q.templateCode));
