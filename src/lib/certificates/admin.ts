import { isCalendarDate, isNationalIdNumber, normalizeIdNumber } from '../rules/id-number';
import { CERT_QUERY_LIMITS, type CertKind, isValidName, nameLength, normalizeName } from '../rules/certificate';
import { readCsvTable } from '../csv-table';
import { CSV_IMPORT_CHARS } from '../csv-import';
import type { SkillCertificateVO, TrainingCertificateVO } from '../api/contracts/certificates';

/**
 * The staff side of certificates, browser-safe and pure (tests/unit/certificates-admin-rules.test.ts):
 * what a certificate issued by hand or by a CSV row must hold, the CSV template and how a file is
 * read. The server decides with these same functions; the screen only uses them to show the
 * template and its help.
 *
 * A certificate is issued only with values the public lookup can find again: the name follows the
 * lookup form's name rule (Chinese characters, letters and middle dots, at most 8) and the number
 * its number rule (letters, digits and '-', at most 64), so every certificate the school issues is
 * one a visitor can look up.
 */

export type { CertKind };

/** The ID document kinds a training certificate may name; a skill-level certificate is always a resident ID card. */
export const ID_TYPE_RESIDENT = '居民身份证';
export const ID_TYPES = [ID_TYPE_RESIDENT, '港澳居民来往内地通行证', '台湾居民来往大陆通行证', '护照', '外国人永久居留身份证'] as const;

export const CERT_LIMITS = {
  /** Profession, type of work, level, training programme and agency names. */
  text: 64,
  /** A revocation reason. */
  reason: 200,
  /** Rows of one CSV file and its size in characters. */
  rows: 1000,
  chars: CSV_IMPORT_CHARS.certificates,
} as const;

/** A certificate as staff give it (by hand or as a CSV row), before it is checked. Blank fields are ''. */
export interface CertificateFields {
  kind: string;
  name: string;
  /** Training certificates only; a skill-level certificate is always 居民身份证. */
  idType: string;
  idNumber: string;
  mobile: string;
  number: string;
  /** Skill-level: 职业名称, 工种 (optional), 等级, 发证日期. */
  professionName: string;
  typeOfWorkName: string;
  level: string;
  sendDate: string;
  /** Training: 培训项目, 培训机构, 开始日期, 结束日期. */
  productName: string;
  agencyName: string;
  startDate: string;
  endDate: string;
}

/** Why a certificate (a form or a CSV row) is refused; each has its sentence in the admin-certificates catalogue. */
export const CERT_REFUSALS = [
  'unknownKind',
  'nameRequired',
  'nameInvalid',
  'idTypeInvalid',
  'idNumberRequired',
  'idNumberInvalid',
  'mobileInvalid',
  'numberRequired',
  'numberInvalid',
  'textRequired',
  'textTooLong',
  'dateInvalid',
  'dateOrder',
  'duplicate',
  'tooMany',
] as const;
export type CertRefusal = (typeof CERT_REFUSALS)[number];

/**
 * A checked certificate, normalised: ready to be stored as its kind's row. Its fields are the
 * certificate's as the lookup answers it (the table rows are declared from the same answers), with
 * the ID number whole and neither the picture nor a revocation, which issuing never sets.
 */
export type CheckedCertificate =
  | ({ kind: 'skill'; card: string } & Omit<SkillCertificateVO, 'card' | 'certificateImgUrl' | 'revoked'>)
  | ({ kind: 'training'; idCard: string } & Omit<TrainingCertificateVO, 'idCard' | 'certificateUrl' | 'revoked'>);

export type CertificateCheck = { ok: true; value: CheckedCertificate } | { ok: false; reason: CertRefusal; field: keyof CertificateFields };

const NUMBER_PATTERN = /^[0-9A-Za-z-]+$/;
const MOBILE_PATTERN = /^1\d{10}$/;
const OTHER_ID_PATTERN = /^[0-9A-Za-z()（）-]{5,32}$/;

/** The kind named in a form or a CSV cell: its code or its name as the lookup page shows it. */
export function kindOf(text: string): CertKind | null {
  const v = text.trim();
  if (v === 'skill' || v === '职业技能等级证书') return 'skill';
  if (v === 'training' || v === '培训结业证书') return 'training';
  return null;
}

/**
 * Whether a certificate of the kind must carry an ID number. A skill-level certificate always
 * does; a training certificate issued to a school student from their record (by hand or for a
 * pass) may go without, and then prints none (decision 078). A CSV row always names one.
 */
export function needsIdNumber(kind: CertKind): boolean {
  return kind === 'skill';
}

/**
 * One certificate's verdict: the first problem in field order (kind, name, ID, mobile, number,
 * then the kind's own fields), or the normalised certificate. Pure: the same fields always give the
 * same verdict. `fromRecord`: the name and ID number are a school student's record's, so a
 * training certificate may have no ID number (needsIdNumber).
 */
export function checkCertificate(f: CertificateFields, fromRecord = false): CertificateCheck {
  const no = (reason: CertRefusal, field: keyof CertificateFields): CertificateCheck => ({ ok: false, reason, field });
  const kind = kindOf(f.kind);
  if (!kind) return no('unknownKind', 'kind');
  const name = normalizeName(f.name);
  if (!name) return no('nameRequired', 'name');
  if (nameLength(name) > CERT_QUERY_LIMITS.nameMax || !isValidName(name)) return no('nameInvalid', 'name');
  const idType = kind === 'skill' ? ID_TYPE_RESIDENT : f.idType.trim() || ID_TYPE_RESIDENT;
  if (!(ID_TYPES as readonly string[]).includes(idType)) return no('idTypeInvalid', 'idType');
  const idNumber = normalizeIdNumber(f.idNumber);
  if (!idNumber && (needsIdNumber(kind) || !fromRecord)) return no('idNumberRequired', 'idNumber');
  if (idNumber && (idType === ID_TYPE_RESIDENT ? !isNationalIdNumber(idNumber) : !OTHER_ID_PATTERN.test(idNumber))) return no('idNumberInvalid', 'idNumber');
  const mobile = f.mobile.trim();
  if (mobile && !MOBILE_PATTERN.test(mobile)) return no('mobileInvalid', 'mobile');
  const number = f.number.trim();
  if (!number) return no('numberRequired', 'number');
  if (number.length > CERT_QUERY_LIMITS.numberMax || !NUMBER_PATTERN.test(number)) return no('numberInvalid', 'number');
  const text = (field: keyof CertificateFields, required: boolean): CertificateCheck | string => {
    const v = f[field].trim();
    if (!v && required) return no('textRequired', field);
    if (Array.from(v).length > CERT_LIMITS.text) return no('textTooLong', field);
    return v;
  };
  const date = (field: keyof CertificateFields): CertificateCheck | string => {
    const v = f[field].trim();
    return isCalendarDate(v) ? v : no('dateInvalid', field);
  };
  if (kind === 'skill') {
    const professionName = text('professionName', true);
    if (typeof professionName !== 'string') return professionName;
    const typeOfWorkName = text('typeOfWorkName', false);
    if (typeof typeOfWorkName !== 'string') return typeOfWorkName;
    const level = text('level', true);
    if (typeof level !== 'string') return level;
    const sendDate = date('sendDate');
    if (typeof sendDate !== 'string') return sendDate;
    return {
      ok: true,
      value: {
        kind,
        name,
        card: idNumber,
        mobile: mobile || null,
        professionName,
        typeOfWorkName: typeOfWorkName || null,
        certificateCode: number,
        level,
        sendDate,
      },
    };
  }
  const productName = text('productName', true);
  if (typeof productName !== 'string') return productName;
  const agencyName = text('agencyName', true);
  if (typeof agencyName !== 'string') return agencyName;
  const startTime = date('startDate');
  if (typeof startTime !== 'string') return startTime;
  const endTime = date('endDate');
  if (typeof endTime !== 'string') return endTime;
  // Both are YYYY-MM-DD, so text order is date order.
  if (endTime < startTime) return no('dateOrder', 'endDate');
  return {
    ok: true,
    value: { kind, studentName: name, idType, idCard: idNumber, mobile: mobile || null, productName, agencyName, certificateNum: number, startTime, endTime },
  };
}

/** The CSV's columns by their header; 类型 and 证书编号 are required, the rest as the kind needs. */
export const CERT_CSV_COLUMNS = {
  kind: '证书类型',
  name: '姓名',
  idType: '证件类型',
  idNumber: '证件号码',
  mobile: '手机号码',
  number: '证书编号',
  professionName: '职业名称',
  typeOfWorkName: '工种',
  level: '等级',
  sendDate: '发证日期',
  productName: '培训项目',
  agencyName: '培训机构',
  startDate: '开始日期',
  endDate: '结束日期',
} as const satisfies Record<keyof CertificateFields, string>;

const COLUMN_KEYS = Object.keys(CERT_CSV_COLUMNS) as (keyof CertificateFields)[];

/** The template the screen offers: the header and one row of each kind. */
export const CERT_CSV_TEMPLATE = `${COLUMN_KEYS.map((k) => CERT_CSV_COLUMNS[k]).join(',')}
职业技能等级证书,张三,居民身份证,11010519491231002X,13800000000,ZJ-2026-0001,电工,维修电工,四级/中级工,2026-06-30,,,,
培训结业证书,李四,居民身份证,110105199003071239,,PX-2026-0001,,,,,电工培训班,数字云校培训中心,2026-03-01,2026-06-30
`;

export interface CertCsvRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  fields: CertificateFields;
}

export type CertCsvParse = { ok: true; rows: CertCsvRow[] } | { ok: false; reason: 'empty' | 'tooLarge' | 'noColumns' | 'badQuotes' };

/**
 * The file's rows: the header names the columns (any order; 证书类型 and 证书编号 required), blank
 * lines are skipped, a BOM is dropped, spaces around values are trimmed.
 */
export function parseCertificateCsv(text: string): CertCsvParse {
  const read = readCsvTable(text, CERT_LIMITS.chars);
  if (!read.ok) return read;
  const { header, rows: lines, value: at } = read.table;
  if (!header.includes(CERT_CSV_COLUMNS.kind) || !header.includes(CERT_CSV_COLUMNS.number)) return { ok: false, reason: 'noColumns' };
  const value = (fields: string[], k: keyof CertificateFields) => at(fields, CERT_CSV_COLUMNS[k]);
  return {
    ok: true,
    rows: lines.map(({ line, fields }) => ({
      line,
      fields: Object.fromEntries(COLUMN_KEYS.map((k) => [k, value(fields, k)])) as unknown as CertificateFields,
    })),
  };
}

export type CheckedCsvRow = CertCsvRow & ({ ok: true; value: CheckedCertificate } | { ok: false; reason: CertRefusal });

/** The certificate number of a checked certificate. */
export const numberOf = (c: CheckedCertificate) => (c.kind === 'skill' ? c.certificateCode : c.certificateNum);

/**
 * Each row's verdict in file order: rows beyond CERT_LIMITS.rows, rows checkCertificate refuses, and
 * a number (of the same kind) seen in an earlier row are refused; the others carry the certificate.
 */
export function checkCertificateRows(rows: readonly CertCsvRow[]): CheckedCsvRow[] {
  const seen = new Set<string>();
  return rows.map((row, i): CheckedCsvRow => {
    if (i >= CERT_LIMITS.rows) return { ...row, ok: false, reason: 'tooMany' };
    const checked = checkCertificate(row.fields);
    if (!checked.ok) return { ...row, ok: false, reason: checked.reason };
    const key = `${checked.value.kind}:${numberOf(checked.value)}`;
    if (seen.has(key)) return { ...row, ok: false, reason: 'duplicate' };
    seen.add(key);
    return { ...row, ok: true, value: checked.value };
  });
}

/** A blank form of the given kind (the screen's starting point; the tests' too). */
export function blankFields(kind: CertKind): CertificateFields {
  return {
    kind,
    name: '',
    idType: ID_TYPE_RESIDENT,
    idNumber: '',
    mobile: '',
    number: '',
    professionName: '',
    typeOfWorkName: '',
    level: '',
    sendDate: '',
    productName: '',
    agencyName: '',
    startDate: '',
    endDate: '',
  };
}
