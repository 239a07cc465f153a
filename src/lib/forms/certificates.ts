import { z } from './zod';
import { given } from './parts';
import { t } from '~/lib/i18n/messages/admin-certificates';
import { CERT_CSV_COLUMNS, CERT_LIMITS, type CertificateFields, type CertRefusal } from '~/lib/certificates/admin';

/**
 * The certificate forms of the staff side (src/islands/admin/certificates), written once: the
 * routes and the CSV import refuse with these words, naming the field the person is to correct.
 */

/** A refusal's sentence; the field's own label where the sentence names it. */
export function certificateRefusal(reason: CertRefusal | 'numberTaken', field?: keyof CertificateFields): string {
  const label = field ? CERT_CSV_COLUMNS[field] : '';
  return t(`certs.refused.${reason}`, { field: label, max: CERT_LIMITS.text, rows: CERT_LIMITS.rows });
}

/** Why a certificate is revoked: said, and short enough for the register. */
export const revokeForm = z.object({
  reason: given(CERT_LIMITS.reason, t('certs.reasonRequired'), t('certs.reasonTooLong', { max: CERT_LIMITS.reason })),
});
