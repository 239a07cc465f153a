import { post } from '../contract';

/**
 * The two certificate lookups. Each names the holder and the number and answers a captcha
 * (lib/captcha.ts). A wrong or dead captcha is refused (code 400, 验证码错误… / 验证码已失效…) before
 * any certificate is looked at; found, the answer is the certificate with the ID number and mobile
 * masked and the message 查询成功; otherwise data is null with one message whether the name or the
 * number was wrong.
 */

/**
 * A certificate the school revoked: it is still found, shown as 已撤销 with the day (YYYY-MM-DD,
 * China Standard Time) and the reason, never as valid.
 */
export interface CertificateRevocation {
  date: string;
  reason: string;
}

/** Vocational skill-level certificate (职业技能等级证书). */
export interface SkillCertificateVO {
  name: string;
  /** ID number, masked: 320102********1234. */
  card: string | null;
  /** Masked: 138****5678. */
  mobile: string | null;
  professionName: string;
  typeOfWorkName: string | null;
  certificateCode: string;
  level: string;
  /** YYYY-MM-DD. */
  sendDate: string;
  certificateImgUrl: string | null;
  /** null: valid. */
  revoked: CertificateRevocation | null;
}

/** Training graduation certificate (培训结业证书). */
export interface TrainingCertificateVO {
  studentName: string;
  /** The ID document's kind as shown, e.g. 居民身份证. */
  idType: string;
  /** Masked like card. */
  idCard: string | null;
  mobile: string | null;
  productName: string;
  agencyName: string;
  certificateNum: string;
  /** YYYY-MM-DD. */
  startTime: string;
  endTime: string;
  certificateUrl: string | null;
  /** null: valid. */
  revoked: CertificateRevocation | null;
}

/** The captcha the visitor answered: its key and the digits read from the picture. */
export interface CaptchaAnswer {
  captchaKey: string;
  captchaCode: string;
}

export interface SkillLookup extends CaptchaAnswer {
  name: string;
  certificateCode: string;
}

export interface TrainingLookup extends CaptchaAnswer {
  studentName: string;
  certificateNum: string;
}

export const skillCertificate = post<SkillLookup, SkillCertificateVO | null>('/evaluate/anyTenant/certificate/queryCertificateByCode');
export const trainingCertificate = post<TrainingLookup, TrainingCertificateVO | null>('/teaching/anyTenant/queryTeachUserCert');
