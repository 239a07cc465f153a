import { SERVICE_STATUS, TEACHING_CLASS_STATUS } from './codes';
import { CSV_IMPORT_CHARS } from '../csv-import';
import { readCsvTable } from '../csv-table';
import { valuesOf, type ValueOf } from '../value-set';

export { splitCsv } from '../csv-table';

/**
 * The staff side of classes, browser-safe: who teaches a class, the kinds of period, and the rules
 * of a student CSV (its template, its limits and what each row means). The server checks every
 * row with the same functions the screen uses to describe the template, so the two cannot differ.
 */

/** How a staff account teaches a class (class_teachers.role; the migration's CHECK lists the same). */
export const CLASS_TEACHER_ROLE = {
  /** 班主任: the one the learner area names; may run the class's periods and students. */
  head: 'head',
  /** 课程老师. */
  course: 'course',
  /** 辅导老师. */
  tutor: 'tutor',
} as const;
export type ClassTeacherRole = ValueOf<typeof CLASS_TEACHER_ROLE>;
export const CLASS_TEACHER_ROLES = valuesOf(CLASS_TEACHER_ROLE);

/**
 * A period's kind (class_periods.class_period_type). Training periods are what the student's
 * 期次 list shows (the learner call asks for type 1); other periods (e.g. an exam sitting) group
 * students for the school only.
 */
export const CLASS_PERIOD_TYPE = { TRAINING: 1, OTHER: 2 } as const;
export const CLASS_PERIOD_TYPES: readonly number[] = Object.values(CLASS_PERIOD_TYPE);

/** Every service status a student of a class can have, in the order screens list them. */
export const SERVICE_STATUSES: readonly number[] = Object.values(SERVICE_STATUS);
/** Every teaching status a class can have. */
export const TEACHING_CLASS_STATUSES: readonly number[] = Object.values(TEACHING_CLASS_STATUS);

/** A mainland mobile number, as the login accepts. */
export const STUDENT_MOBILE = /^1\d{10}$/;

/** The limits of a student CSV: a school's intake fits, a whole database dump does not. */
export const CSV_LIMITS = {
  /** Student rows (the header not counted). */
  rows: 500,
  /** Characters of the file's text (about 100 KB). */
  chars: CSV_IMPORT_CHARS.students,
  /** A name's characters. */
  name: 40,
} as const;

/** The template's header: mobile (required), name (used when the mobile is new), period name (optional). */
export const CSV_COLUMNS = { mobile: '手机号', name: '姓名', period: '期次' } as const;
export const CSV_TEMPLATE = `${CSV_COLUMNS.mobile},${CSV_COLUMNS.name},${CSV_COLUMNS.period}\n13800000000,张三,第1期\n`;

/** Why a row is refused. */
export type CsvRefusal = 'badMobile' | 'nameTooLong' | 'unknownPeriod' | 'duplicate' | 'tooMany';

export interface CsvRow {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  mobile: string;
  name: string;
  /** The period's name as typed; '' when none. */
  period: string;
}

export type CheckedRow = CsvRow & ({ ok: true; periodId: string | null } | { ok: false; reason: CsvRefusal });

export type CsvParse = { ok: true; rows: CsvRow[] } | { ok: false; reason: 'empty' | 'tooLarge' | 'noMobileColumn' | 'badQuotes' };

/**
 * The file's student rows: the header row names the columns (any order; 手机号 required), blank
 * lines are skipped, a BOM (Excel's "CSV UTF-8") is dropped, spaces around a value are trimmed.
 */
export function parseStudentCsv(text: string): CsvParse {
  const read = readCsvTable(text, CSV_LIMITS.chars);
  if (!read.ok) return read;
  const { header, rows, value } = read.table;
  if (!header.includes(CSV_COLUMNS.mobile)) return { ok: false, reason: 'noMobileColumn' };
  const at = (fields: string[]) => ({
    mobile: value(fields, CSV_COLUMNS.mobile),
    name: value(fields, CSV_COLUMNS.name),
    period: value(fields, CSV_COLUMNS.period),
  });
  return { ok: true, rows: rows.map(({ line, fields }) => ({ line, ...at(fields) })) };
}

/**
 * Each row's verdict, in file order: a bad mobile, a name too long, a period the class does not
 * have, a mobile already seen in an earlier row of the file, or a row beyond CSV_LIMITS.rows is
 * refused; the rest carry the id of their period (null: none named). Pure: the same rows and
 * periods always give the same verdicts.
 */
export function checkStudentRows(rows: readonly CsvRow[], periods: readonly { id: string; name: string }[]): CheckedRow[] {
  const periodByName = new Map(periods.map((p) => [p.name.trim(), p.id]));
  const seen = new Set<string>();
  return rows.map((row, i): CheckedRow => {
    if (i >= CSV_LIMITS.rows) return { ...row, ok: false, reason: 'tooMany' };
    if (!STUDENT_MOBILE.test(row.mobile)) return { ...row, ok: false, reason: 'badMobile' };
    if (seen.has(row.mobile)) return { ...row, ok: false, reason: 'duplicate' };
    seen.add(row.mobile);
    if (row.name.length > CSV_LIMITS.name) return { ...row, ok: false, reason: 'nameTooLong' };
    if (row.period === '') return { ...row, ok: true, periodId: null };
    const periodId = periodByName.get(row.period);
    return periodId ? { ...row, ok: true, periodId } : { ...row, ok: false, reason: 'unknownPeriod' };
  });
}

/** The digits a masked mobile shows at its start and at its end: 138****5678. */
const MASK_SHOWN = { head: 3, tail: 4 } as const;

/**
 * A mobile as shown to staff who do not need to call the student: 138****5678. A value too short
 * to keep at least one digit hidden between the shown ones is all stars.
 */
export function maskMobile(mobile: string): string {
  const { head, tail } = MASK_SHOWN;
  return mobile.length > head + tail ? `${mobile.slice(0, head)}****${mobile.slice(-tail)}` : '****';
}

/**
 * The text of an uploaded file: UTF-8 (with or without BOM) when it decodes as such, else GBK
 * (what Excel saves as "CSV" on a Chinese Windows). Browser and Node both have both decoders.
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gbk').decode(bytes);
  }
}
