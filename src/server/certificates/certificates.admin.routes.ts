import { Hono } from 'hono';
import { z } from 'zod';
import { t } from '~/server/i18n';
import { CERT_KINDS } from '~/lib/rules/certificate';
import { CERT_LIMITS } from '~/lib/certificates/admin';
import { CERT_SOURCES, CERT_STATES } from '~/lib/api/contracts/admin-certificates';
import { NUMBERING_LIMITS } from '~/lib/certificates/numbering';
import { ID_PATTERN } from '../ids';
import type { ApiEnv } from '../http/scope';
import { idSchema } from '../http/validate';
import { serveStaff } from '../http/staff-gate';
import { requestOrigin } from '../http/origin';
import { blankIsNone, pageFields } from '../http/list-query';
import * as service from './certificates.admin.service';
import { revokeForm } from '~/lib/forms/certificates';

/**
 * The staff calls of certificates, each through the staff gate by its name (session, CSRF, origin,
 * role); the class scope for pass-based issuing is checked in the service. A certificate's fields
 * are checked by the one rule (src/lib/certificates/admin.ts) the CSV rows use too; bad input is
 * refused with its sentence and changes nothing.
 */

const body = <S extends z.core.$ZodLooseShape>(shape: S) => z.object(shape, { error: t('validation.invalid') });
const kind = z.enum(CERT_KINDS, { error: t('certs.badKind') });
/** A form field: text, blank or missing is '' (the rule says whether the kind needs it); longer than any field is refused. */
const field = z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: t('validation.invalid') }).max(200, t('validation.invalid')));

/** Issuing by hand: the student (their record gives name, mobile and 证件号码) and the kind's own fields; the number is the school's next. */
const certificateInput = body({
  kind,
  studentId: z.string({ error: t('certs.studentNotFound') }).regex(ID_PATTERN, t('certs.studentNotFound')),
  replacesId: z.preprocess(blankIsNone, idSchema.optional()),
  professionName: field,
  typeOfWorkName: field,
  level: field,
  sendDate: field,
  productName: field,
  agencyName: field,
  startDate: field,
  endDate: field,
});

const listQuery = z.object({
  ...pageFields,
  kind: z.preprocess(blankIsNone, kind.optional()),
  source: z.preprocess(blankIsNone, z.enum(CERT_SOURCES, { error: t('certs.badSource') }).optional()),
  keyword: z.preprocess(
    (v) => (typeof v === 'string' ? blankIsNone(v.trim()) : v),
    z
      .string({ error: t('staff.badSearch') })
      .max(64, t('staff.badSearch'))
      .optional(),
  ),
  state: z.preprocess(blankIsNone, z.enum(CERT_STATES, { error: t('certs.badState') }).optional()),
});

const numberingInput = body({
  prefix: z.string({ error: t('certs.numbering.badPrefix', NUMBERING_LIMITS) }).trim(),
  nextSeq: z.number({ error: t('certs.numbering.badSeq', NUMBERING_LIMITS) }),
});

const revokeInput = body({
  id: idSchema,
  kind,
  reason: revokeForm.shape.reason,
});

const importInput = body({
  csv: z
    .string({ error: t('certs.csvRequired') })
    .min(1, t('certs.csvRequired'))
    .max(CERT_LIMITS.chars, t('certs.csv.tooLarge', { rows: CERT_LIMITS.rows })),
  apply: z.boolean({ error: t('validation.invalid') }),
});

const passInput = body({
  classId: idSchema,
  workId: idSchema,
  minScore: z
    .number({ error: t('certs.pass.badScore') })
    .min(0, t('certs.pass.badScore'))
    .max(1000, t('certs.pass.badScore')),
  apply: z.boolean({ error: t('validation.invalid') }),
});

export const certificatesAdminRoutes = new Hono<ApiEnv>();

serveStaff(certificatesAdminRoutes, 'adminCertificates', listQuery, (s, actor, q, c) => service.pageCertificates(s, actor, requestOrigin(s, c), q));
serveStaff(certificatesAdminRoutes, 'adminCertificateGet', z.object({ id: idSchema, kind }), (s, actor, q, c) =>
  service.getCertificate(s, actor, requestOrigin(s, c), q.kind, q.id),
);
serveStaff(certificatesAdminRoutes, 'adminCertificateIssue', certificateInput, (s, actor, b, c) => service.issueCertificate(s, actor, requestOrigin(s, c), b));
serveStaff(certificatesAdminRoutes, 'adminCertificateNumbering', z.object({}), (s, actor) => service.getNumbering(s, actor));
serveStaff(certificatesAdminRoutes, 'adminCertificateNumberingSave', numberingInput, (s, actor, b) => service.saveNumbering(s, actor, b));
serveStaff(certificatesAdminRoutes, 'adminCertificateImport', importInput, (s, actor, b) => service.importCertificates(s, actor, b));
serveStaff(certificatesAdminRoutes, 'adminCertificateRevoke', revokeInput, (s, actor, b, c) =>
  service.revokeCertificate(s, actor, requestOrigin(s, c), b.kind, b.id, b.reason),
);
serveStaff(certificatesAdminRoutes, 'adminCertificateTests', z.object({ classId: idSchema }), (s, actor, q) => service.testWorks(s, actor, q.classId));
serveStaff(certificatesAdminRoutes, 'adminCertificatePassIssue', passInput, (s, actor, b) => service.issueForPass(s, actor, b));
