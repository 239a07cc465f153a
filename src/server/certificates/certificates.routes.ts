import { Hono } from 'hono';
import { z } from 'zod';
import * as api from '~/lib/api/contracts/certificates';
import { t } from '~/server/i18n';
import { certQueryFieldError, certQueryValue, type CertQueryField } from '~/lib/rules/certificate';
import { CAPTCHA_KEY_PATTERN } from '~/lib/rules/captcha';
import { fail, pass } from '~/lib/rules/rule';
import type { ApiEnv } from '../http/scope';
import { serve } from '../http/serve';
import { exactly } from '../http/exact';
import { zodRule } from '../http/rules';
import * as service from './certificates.service';

/** A form field under the call's own name, checked with the form's rules and messages and normalised. */
const formField = (field: CertQueryField) =>
  zodRule((value) => {
    const message = certQueryFieldError(field, value);
    return message ? fail(message) : pass(certQueryValue(field, value));
  });

const captchaKey = zodRule((v) => (typeof v === 'string' && CAPTCHA_KEY_PATTERN.test(v) ? pass(v) : fail(t('captcha.keyInvalid'))));

/**
 * Zod reports the fields in the order they are declared, so the first message follows the form:
 * name, number, captcha, then the captcha key. A body that is no object is read as an empty form.
 */
const form = <S extends z.core.$ZodLooseShape>(shape: S) =>
  exactly(z.preprocess((body) => (body && typeof body === 'object' && !Array.isArray(body) ? body : {}), z.object(shape)));

const skillForm = form({ name: formField('name'), certificateCode: formField('number'), captchaCode: formField('captchaCode'), captchaKey });
const trainingForm = form({ studentName: formField('name'), certificateNum: formField('number'), captchaCode: formField('captchaCode'), captchaKey });

/** Found: the certificate (masked) and 查询成功; not found: data null with one message whether the name or the number was wrong. */
const lookup = { message: (data: unknown) => t(data ? 'certificates.found' : 'certificates.notFoundMessage') };

export const certificatesRoutes = new Hono<ApiEnv>();

serve(certificatesRoutes, api.skillCertificate, skillForm, (s, b) => service.lookupSkillCertificate(s, { ...b, number: b.certificateCode }), lookup);
serve(
  certificatesRoutes,
  api.trainingCertificate,
  trainingForm,
  (s, b) => service.lookupTrainingCertificate(s, { ...b, name: b.studentName, number: b.certificateNum }),
  lookup,
);
