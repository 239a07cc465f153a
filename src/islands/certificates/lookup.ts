import { ApiError, send } from '~/lib/api/client';
import { skillCertificate, trainingCertificate, type CaptchaAnswer } from '~/lib/api/contracts/certificates';
import { ErrorCode } from '~/lib/envelope';
import type { CertKind, CertQueryForm } from '~/lib/rules/certificate';
import type { LookupResult } from './CertificateResult';

/**
 * The certificate query's lookup and its result's view, loaded once the query form is touched
 * (CertificateQuery.tsx): the page carries neither the API client nor the result before.
 */

export { default as CertificateResult } from './CertificateResult';

/** Each certificate kind is looked up under its own field names. */
export async function lookUp(kind: CertKind, v: CertQueryForm, captchaKey: string): Promise<LookupResult> {
  const answer: CaptchaAnswer = { captchaKey, captchaCode: v.captchaCode.trim() };
  return kind === 'skill'
    ? { kind, data: await send(skillCertificate, { ...answer, certificateCode: v.number.trim(), name: v.name.trim() }, { silent: true }) }
    : { kind, data: await send(trainingCertificate, { ...answer, certificateNum: v.number.trim(), studentName: v.name.trim() }, { silent: true }) };
}

/**
 * The server's words when it refused the captcha: every field passed the rules the server shares
 * with the form (lib/rules/certificate.ts), so its 400 is about the captcha alone (验证码错误 /
 * 验证码已失效). Null for anything else (limits, network).
 */
export function captchaRefusal(error: unknown): string | null {
  return error instanceof ApiError && error.code === ErrorCode.BAD_REQUEST ? error.message : null;
}
