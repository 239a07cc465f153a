import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { urlOf } from '~/lib/api/contract';
import { bankQuestionImport } from '~/lib/api/contracts/admin-bank';
import { adminCertificateImport } from '~/lib/api/contracts/admin-certificates';
import { adminClassImport } from '~/lib/api/contracts/admin-classes';
import { CSV_BYTES_PER_CHAR, CSV_FRAMING_BYTES, CSV_IMPORT_CHARS, bodyLimitFor, csvBodyBytes } from '~/lib/csv-import';
import { CERT_LIMITS } from '~/lib/certificates/admin';
import { BANK_LIMITS } from '~/lib/exams/question-bank';
import { CSV_LIMITS } from '~/lib/learning/class-admin';

/**
 * The body limits of the CSV imports (decision 049): the gate and the API find each import call by
 * the contracts' own paths, take its documented characters at three bytes each (plus the JSON around
 * them), and leave every other path at the general limit. A file of the documented size, whatever
 * its characters (bar control characters no spreadsheet writes), fits in its body limit.
 */

const GENERAL = 256 * 1024;

describe('bodyLimitFor', () => {
  test.each([
    ['students', urlOf(adminClassImport, { id: '1795000000000000001' }), CSV_IMPORT_CHARS.students],
    ['questions', urlOf(bankQuestionImport), CSV_IMPORT_CHARS.questions],
    ['certificates', urlOf(adminCertificateImport), CSV_IMPORT_CHARS.certificates],
  ])('the %s import, by its contract’s path (also with a query string)', (_name, path, chars) => {
    expect(bodyLimitFor(path, GENERAL)).toBe(chars * CSV_BYTES_PER_CHAR + CSV_FRAMING_BYTES);
    expect(bodyLimitFor(`${path}?timestamp=1`, GENERAL)).toBe(csvBodyBytes(chars));
    // A general limit set higher than an import's own stays the limit.
    expect(bodyLimitFor(path, 64 * 1024 * 1024)).toBe(64 * 1024 * 1024);
  });

  test.each([
    '/api/admin/news/save',
    '/api/admin/certificates/import/',
    '/api/admin/certificates/import/x',
    '/api/admin/certificates',
    '/api/admin/classes/1/students/import/x',
    '/api/admin/classes//students/import',
    '/api/admin/classes/1/2/students/import',
    '/admin/certificates/import',
    '/api/admin/bank/questions/import.json',
    '/API/admin/certificates/import',
  ])('every other path keeps the general limit: %s', (path) => {
    expect(bodyLimitFor(path, GENERAL)).toBe(GENERAL);
  });

  test('the imports’ own character limits are these', () => {
    expect(CSV_LIMITS.chars).toBe(CSV_IMPORT_CHARS.students);
    expect(BANK_LIMITS.csvChars).toBe(CSV_IMPORT_CHARS.questions);
    expect(CERT_LIMITS.chars).toBe(CSV_IMPORT_CHARS.certificates);
  });

  test('any text a spreadsheet writes, sent as the screens send it, fits in the body limit of its length', () => {
    // Any characters (Chinese, emoji, quotes, backslashes, tabs, line breaks) but the control
    // characters JSON writes as \u00XX.
    const text = fc.string({ unit: 'binary', maxLength: 400 }).map((s) => s.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ''));
    fc.assert(
      fc.property(text, fc.boolean(), (csv, apply) => {
        const body = Buffer.byteLength(JSON.stringify({ csv, apply }));
        expect(body).toBeLessThanOrEqual(csv.length * CSV_BYTES_PER_CHAR + CSV_FRAMING_BYTES);
        // And without the framing allowance, the text itself is within three bytes a character.
        expect(Buffer.byteLength(JSON.stringify(csv)) - 2).toBeLessThanOrEqual(csv.length * CSV_BYTES_PER_CHAR);
      }),
      { numRuns: 500 },
    );
  });
});
