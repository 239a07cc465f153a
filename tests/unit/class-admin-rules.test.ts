import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  CSV_LIMITS,
  CSV_TEMPLATE,
  STUDENT_MOBILE,
  checkStudentRows,
  decodeCsvBytes,
  maskMobile,
  parseStudentCsv,
  splitCsv,
  type CsvRow,
} from '~/lib/learning/class-admin';
import { SERVICE_STATUS, TEACHING_CLASS_STATUS } from '~/lib/learning/codes';
import { CLASS_LIMITS, COMPLETED_BY_END, checkTeachers, enrolStatusFor, mayIn } from '~/server/learning/classes/classes.admin.rules';

/** The staff rules of classes: the student CSV (parse and per-row verdicts), masking, roles in a class, ending. */

const PERIODS = [
  { id: 'p1', name: '第1期' },
  { id: 'p2', name: '第2期' },
];

const mobile = fc.stringMatching(/^1\d{10}$/);
const anyMobile = fc.oneof(mobile, fc.string({ maxLength: 12 }));
const row = fc.record({
  mobile: anyMobile,
  name: fc.string({ maxLength: 45 }),
  period: fc.constantFrom('', '第1期', '第2期', '第9期'),
});
const rows = fc.array(row, { maxLength: 30 }).map((rs) => rs.map((r, i): CsvRow => ({ ...r, line: i + 2 })));

describe('the row verdicts (property)', () => {
  test('one verdict per row, in order; an accepted row has a valid mobile, a short name and a known period; no mobile is accepted twice', () => {
    fc.assert(
      fc.property(rows, (input) => {
        const out = checkStudentRows(input, PERIODS);
        expect(out.map((r) => r.line)).toEqual(input.map((r) => r.line));
        const accepted = out.filter((r) => r.ok);
        for (const r of accepted) {
          expect(STUDENT_MOBILE.test(r.mobile)).toBe(true);
          expect(r.name.length).toBeLessThanOrEqual(CSV_LIMITS.name);
          expect(r.period === '' ? r.periodId === null : PERIODS.find((p) => p.name === r.period)?.id === r.periodId).toBe(true);
        }
        expect(new Set(accepted.map((r) => r.mobile)).size).toBe(accepted.length);
      }),
    );
  });

  test('every refusal has its reason: a bad mobile, a name too long, an unknown period, a duplicate of an earlier row', () => {
    fc.assert(
      fc.property(rows, (input) => {
        const out = checkStudentRows(input, PERIODS);
        out.forEach((r, i) => {
          if (r.ok) return;
          const earlier = input.slice(0, i).some((x) => x.mobile === r.mobile && STUDENT_MOBILE.test(x.mobile));
          if (r.reason === 'badMobile') expect(STUDENT_MOBILE.test(r.mobile)).toBe(false);
          if (r.reason === 'duplicate') expect(earlier).toBe(true);
          if (r.reason === 'nameTooLong') expect(r.name.length).toBeGreaterThan(CSV_LIMITS.name);
          if (r.reason === 'unknownPeriod') expect(PERIODS.some((p) => p.name === r.period)).toBe(false);
        });
      }),
    );
  });

  test('the same rows give the same verdicts (pure); rows past the limit are refused as too many', () => {
    fc.assert(
      fc.property(rows, (input) => {
        expect(checkStudentRows(input, PERIODS)).toEqual(checkStudentRows(input, PERIODS));
      }),
    );
    const many = Array.from(
      { length: CSV_LIMITS.rows + 1 },
      (_, i): CsvRow => ({ line: i + 2, mobile: `139${String(i).padStart(8, '0')}`, name: '', period: '' }),
    );
    const out = checkStudentRows(many, PERIODS);
    expect(out.filter((r) => !r.ok)).toEqual([expect.objectContaining({ line: CSV_LIMITS.rows + 2, reason: 'tooMany' })]);
  });
});

describe('each row’s verdict', () => {
  const at = (line: number, fields: Partial<CsvRow>): CsvRow => ({ line, mobile: '13800000000', name: '', period: '', ...fields });
  const verdicts = (input: CsvRow[], periods = PERIODS) =>
    checkStudentRows(input, periods).map((r) => (r.ok ? { ok: true, periodId: r.periodId } : { ok: false, reason: r.reason }));

  test.each([
    ['eleven digits starting with 1', '13800000000', true],
    ['ten digits', '1380000000', false],
    ['twelve digits', '138000000001', false],
    ['a mobile after another character', 'x13800000000', false],
    ['a mobile with a digit before it', '213800000000', false],
    ['a mobile not starting with 1', '23800000000', false],
  ])('a mobile is eleven digits starting with 1, nothing before or after: %s', (_, mobile, ok) => {
    expect(verdicts([at(2, { mobile })])).toEqual([ok ? { ok: true, periodId: null } : { ok: false, reason: 'badMobile' }]);
  });

  test('a mobile already in an earlier row of the file is refused as a duplicate; the first one stays', () => {
    const input = [at(2, { name: '张三' }), at(3, { mobile: '13900000000' }), at(4, { name: '李四' }), at(5, {})];
    expect(verdicts(input)).toEqual([
      { ok: true, periodId: null },
      { ok: true, periodId: null },
      { ok: false, reason: 'duplicate' },
      { ok: false, reason: 'duplicate' },
    ]);
    expect(checkStudentRows(input, PERIODS)[2]).toEqual({ line: 4, mobile: '13800000000', name: '李四', period: '', ok: false, reason: 'duplicate' });
  });

  test('a name of at most forty characters is taken, one more is refused as too long', () => {
    const name = (length: number) => '张'.repeat(length);
    const input = [at(2, { name: name(CSV_LIMITS.name) }), at(3, { mobile: '13900000000', name: name(CSV_LIMITS.name + 1) })];
    expect(verdicts(input)).toEqual([
      { ok: true, periodId: null },
      { ok: false, reason: 'nameTooLong' },
    ]);
    expect(checkStudentRows(input, PERIODS)[1]).toEqual({ ...input[1], ok: false, reason: 'nameTooLong' });
  });

  test('a period is found by its name, spaces around the class’s period name ignored; a name the class does not have is refused', () => {
    const periods = [...PERIODS, { id: 'p3', name: ' 第3期 ' }];
    const input = [at(2, { period: '第2期' }), at(3, { mobile: '13900000000', period: '第3期' }), at(4, { mobile: '13700000000', period: '第9期' })];
    expect(verdicts(input, periods)).toEqual([
      { ok: true, periodId: 'p2' },
      { ok: true, periodId: 'p3' },
      { ok: false, reason: 'unknownPeriod' },
    ]);
  });
});

describe('parsing the file', () => {
  test('quoted fields, doubled quotes and CRLF survive a round trip (property)', () => {
    const field = fc.string({ maxLength: 8 });
    fc.assert(
      fc.property(fc.array(fc.array(field, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }), (records) => {
        const text = records.map((r) => r.map((f) => `"${f.replace(/"/g, '""')}"`).join(',')).join('\r\n');
        expect(splitCsv(text)).toEqual(records);
      }),
    );
  });

  test('the header names the columns in any order; BOM and blank lines are dropped; the template parses', () => {
    expect(parseStudentCsv('\uFEFF期次,手机号\n\n第1期, 13800000000 \n')).toEqual({
      ok: true,
      rows: [{ line: 3, mobile: '13800000000', name: '', period: '第1期' }],
    });
    expect(parseStudentCsv(CSV_TEMPLATE)).toEqual({ ok: true, rows: [{ line: 2, mobile: '13800000000', name: '张三', period: '第1期' }] });
    expect(parseStudentCsv('姓名\n张三\n')).toEqual({ ok: false, reason: 'noMobileColumn' });
    expect(parseStudentCsv('')).toEqual({ ok: false, reason: 'empty' });
    expect(parseStudentCsv('手机号\n"138')).toEqual({ ok: false, reason: 'badQuotes' });
    expect(parseStudentCsv('x'.repeat(CSV_LIMITS.chars + 1))).toEqual({ ok: false, reason: 'tooLarge' });
  });

  test('a line break ends a record and begins none: an empty file has no records, a last line break no empty record', () => {
    expect(splitCsv('')).toEqual([]);
    expect(splitCsv('a,b\n')).toEqual([['a', 'b']]);
    expect(splitCsv('a,b\r\n')).toEqual([['a', 'b']]);
    expect(splitCsv('a\n\nb')).toEqual([['a'], [''], ['b']]);
    // A quoted empty field is a value: the last line holds one.
    expect(splitCsv('a\n""')).toEqual([['a'], ['']]);
  });

  test('a line ends with LF, CRLF or a CR alone (older Mac files); a CR keeps the character after it', () => {
    const rows = [
      { line: 2, mobile: '13800000000', name: '', period: '' },
      { line: 3, mobile: '13900000000', name: '', period: '' },
    ];
    for (const eol of ['\n', '\r\n', '\r']) expect(parseStudentCsv(['手机号', '13800000000', '13900000000'].join(eol))).toEqual({ ok: true, rows });
  });

  test('a quote inside an unquoted value is text; only a quote at a value’s start opens a quoted value', () => {
    const one = (name: string) => ({ ok: true, rows: [{ line: 2, mobile: '13800000000', name, period: '' }] });
    expect(parseStudentCsv('手机号,姓名\n13800000000,张"三"\n')).toEqual(one('张"三"'));
    expect(parseStudentCsv('手机号,姓名\n13800000000,"张,三"\n')).toEqual(one('张,三'));
  });

  test('a line is blank only when every value is empty; a value a line leaves out or a column the header lacks is empty', () => {
    expect(parseStudentCsv('手机号,姓名,期次\n13800000000,,\n,张三,\n13900000000\n')).toEqual({
      ok: true,
      rows: [
        { line: 2, mobile: '13800000000', name: '', period: '' },
        { line: 3, mobile: '', name: '张三', period: '' },
        { line: 4, mobile: '13900000000', name: '', period: '' },
      ],
    });
    expect(parseStudentCsv('手机号\n13800000000,张三,第1期\n')).toEqual({ ok: true, rows: [{ line: 2, mobile: '13800000000', name: '', period: '' }] });
  });

  test('only the file’s first character is taken as a byte-order mark; elsewhere U+FEFF is part of the value', () => {
    const one = (name: string) => ({ ok: true, rows: [{ line: 2, mobile: '13800000000', name, period: '' }] });
    expect(parseStudentCsv('\uFEFF"手机号",姓名\n13800000000,张三\n')).toEqual(one('张三'));
    expect(parseStudentCsv('手机号,姓名\n13800000000,张\uFEFF三\n')).toEqual(one('张\uFEFF三'));
  });

  test('a file of exactly the character limit is read; one character more is too large', () => {
    const file = (chars: number) => '手机号\n13800000000\n'.padEnd(chars, '\n');
    expect(parseStudentCsv(file(CSV_LIMITS.chars))).toEqual({ ok: true, rows: [{ line: 2, mobile: '13800000000', name: '', period: '' }] });
    expect(parseStudentCsv(file(CSV_LIMITS.chars + 1))).toEqual({ ok: false, reason: 'tooLarge' });
  });

  test('a file is read as UTF-8 (with or without BOM), else as GBK (Excel on Chinese Windows)', () => {
    const utf8 = new TextEncoder().encode('\uFEFF手机号,姓名\n13800000000,张三\n');
    // The decoder drops the BOM itself (parseStudentCsv would too).
    expect(decodeCsvBytes(utf8)).toBe('手机号,姓名\n13800000000,张三\n');
    expect(decodeCsvBytes(utf8.slice(3))).toBe('手机号,姓名\n13800000000,张三\n');
    // 手机号,张三 in GBK.
    const gbk = new Uint8Array([0xca, 0xd6, 0xbb, 0xfa, 0xba, 0xc5, 0x2c, 0xd5, 0xc5, 0xc8, 0xfd]);
    expect(decodeCsvBytes(gbk)).toBe('手机号,张三');
  });
});

describe('class rules', () => {
  test('masking keeps the first three and last four digits while one between stays hidden; a shorter value is all stars', () => {
    expect(maskMobile('13812345678')).toBe('138****5678');
    expect(maskMobile('13812345')).toBe('138****2345');
    expect(maskMobile('1381234')).toBe('****');
    expect(maskMobile('')).toBe('****');
  });

  test('administrators do everything; a head teacher manages students; other teachers read', () => {
    expect(mayIn('admin', null)).toEqual({ edit: true, manageStudents: true });
    expect(mayIn('teacher', 'head')).toEqual({ edit: false, manageStudents: true });
    expect(mayIn('teacher', 'tutor')).toEqual({ edit: false, manageStudents: false });
    expect(mayIn('teacher', 'course')).toEqual({ edit: false, manageStudents: false });
  });

  test('a new student starts in service in a running class, pending start before it opens; an ended class takes no one', () => {
    expect(enrolStatusFor(TEACHING_CLASS_STATUS.RUNNING)).toBe(SERVICE_STATUS.IN_SERVICE);
    expect(enrolStatusFor(TEACHING_CLASS_STATUS.NOT_OPEN)).toBe(SERVICE_STATUS.PENDING_START);
    expect(enrolStatusFor(TEACHING_CLASS_STATUS.OVER)).toBeNull();
    expect(COMPLETED_BY_END).not.toContain(SERVICE_STATUS.PENDING_ADMISSION);
  });

  test('ending a class completes those it was serving: pending start, to check in, in service', () => {
    expect([...COMPLETED_BY_END].sort()).toEqual([SERVICE_STATUS.PENDING_START, SERVICE_STATUS.GO_LEARN, SERVICE_STATUS.IN_SERVICE].sort());
  });

  test('at most twenty teachers', () => {
    const teachers = (n: number) => Array.from({ length: n }, (_, i) => ({ accountId: `t${i}`, role: 'tutor' as const }));
    expect(checkTeachers(teachers(CLASS_LIMITS.teachers))).toBeNull();
    expect(checkTeachers(teachers(CLASS_LIMITS.teachers + 1))).toBe('tooManyTeachers');
  });

  test('teachers: one head at most, an account once', () => {
    expect(
      checkTeachers([
        { accountId: 'a', role: 'head' },
        { accountId: 'b', role: 'tutor' },
      ]),
    ).toBeNull();
    expect(
      checkTeachers([
        { accountId: 'a', role: 'head' },
        { accountId: 'b', role: 'head' },
      ]),
    ).toBe('oneHead');
    expect(
      checkTeachers([
        { accountId: 'a', role: 'course' },
        { accountId: 'a', role: 'tutor' },
      ]),
    ).toBe('teacherTwice');
  });
});
