import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import {
  CERT_CSV_TEMPLATE,
  CERT_LIMITS,
  blankFields,
  checkCertificate,
  checkCertificateRows,
  kindOf,
  parseCertificateCsv,
  type CertificateFields,
} from '~/lib/certificates/admin';
import { isCalendarDate, isResidentIdNumber } from '~/lib/rules/id-number';
import { idNumber } from '~/dev/seed/certificates';
import { certificateSignature, readVerifyLink, verifyPathOf } from '~/server/certificates/verify.rules';

/** The pure rules of issuing certificates (src/lib/certificates/admin.ts) and of the signed verification link. */

const skill = (over: Partial<CertificateFields> = {}): CertificateFields => ({
  ...blankFields('skill'),
  name: '王芳',
  idNumber: '11010519491231002X',
  number: 'ZS-1',
  professionName: '电工',
  level: '四级',
  sendDate: '2026-06-30',
  ...over,
});

describe('resident ID numbers and dates', () => {
  test('the check character and the birth date decide', () => {
    expect(isResidentIdNumber('11010519491231002X')).toBe(true);
    expect(isResidentIdNumber('11010519491231002x')).toBe(true);
    expect(isResidentIdNumber('110105194912310021')).toBe(false);
    expect(isResidentIdNumber('110105194902300029')).toBe(false);
    expect(isResidentIdNumber('11010519491231002')).toBe(false);
  });

  test('property: every 17 digits with a real birth date and their check character is valid; any other last character is not', () => {
    const first17 = fc
      .tuple(
        fc.integer({ min: 110000, max: 659999 }),
        fc.date({ min: new Date('1950-01-01'), max: new Date('2020-12-31'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 999 }),
      )
      .map(([region, d, seq]) => `${region}${d.toISOString().slice(0, 10).replace(/-/g, '')}${String(seq).padStart(3, '0')}`);
    fc.assert(
      fc.property(first17, fc.constantFrom(...'0123456789X'), (f, last) => {
        const right = idNumber(f);
        expect(isResidentIdNumber(right)).toBe(true);
        expect(isResidentIdNumber(f + last)).toBe(f + last === right);
      }),
    );
  });

  test('calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-1-01')).toBe(false);
    expect(isCalendarDate('')).toBe(false);
  });
});

describe('checkCertificate', () => {
  test('a skill-level certificate is normalised: trimmed, the check letter upper-case, blank optionals null', () => {
    expect(checkCertificate(skill({ name: ' 王芳 ', idNumber: '11010519491231002x', mobile: '' }))).toEqual({
      ok: true,
      value: {
        kind: 'skill',
        name: '王芳',
        card: '11010519491231002X',
        mobile: null,
        professionName: '电工',
        typeOfWorkName: null,
        certificateCode: 'ZS-1',
        level: '四级',
        sendDate: '2026-06-30',
      },
    });
  });

  test('the kind may be written in words; a training certificate keeps its document type', () => {
    expect(kindOf('职业技能等级证书')).toBe('skill');
    expect(kindOf(' 培训结业证书 ')).toBe('training');
    expect(kindOf('毕业证书')).toBeNull();
    const c = checkCertificate({
      ...blankFields('training'),
      kind: '培训结业证书',
      name: '马超',
      idType: '护照',
      idNumber: 'e4830291',
      number: 'PX-1',
      productName: '课程',
      agencyName: '机构',
      startDate: '2026-01-01',
      endDate: '2026-01-01',
    });
    expect(c).toMatchObject({ ok: true, value: { kind: 'training', idType: '护照', idCard: 'E4830291' } });
  });

  test.each([
    [{ kind: 'x' }, 'unknownKind', 'kind'],
    [{ name: '' }, 'nameRequired', 'name'],
    [{ name: '一二三四五六七八九' }, 'nameInvalid', 'name'],
    [{ idNumber: '' }, 'idNumberRequired', 'idNumber'],
    [{ idNumber: '110105194912310021' }, 'idNumberInvalid', 'idNumber'],
    [{ mobile: '2381234567' }, 'mobileInvalid', 'mobile'],
    [{ number: '' }, 'numberRequired', 'number'],
    [{ number: 'A'.repeat(65) }, 'numberInvalid', 'number'],
    [{ professionName: '' }, 'textRequired', 'professionName'],
    [{ level: '级'.repeat(CERT_LIMITS.text + 1) }, 'textTooLong', 'level'],
    [{ sendDate: '2026-02-30' }, 'dateInvalid', 'sendDate'],
  ] as const)('%j is refused: %s at %s', (over, reason, field) => {
    expect(checkCertificate(skill(over))).toEqual({ ok: false, reason, field });
  });
});

describe('the CSV file', () => {
  test('the template parses and both its rows pass', () => {
    const parsed = parseCertificateCsv(`\uFEFF${CERT_CSV_TEMPLATE}`);
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(checkCertificateRows(parsed.rows).map((r) => r.ok)).toEqual([true, true]);
  });

  test('a number twice in the file (same kind) is refused the second time; the other kind may share it', () => {
    const header = '证书类型,姓名,证件号码,证书编号,职业名称,等级,发证日期,培训项目,培训机构,开始日期,结束日期';
    const rows = [
      '职业技能等级证书,王芳,11010519491231002X,N-1,电工,四级,2026-06-30,,,,',
      '职业技能等级证书,李雷,11010519491231002X,N-1,电工,四级,2026-06-30,,,,',
      '培训结业证书,李雷,11010519491231002X,N-1,,,,课程,机构,2026-01-01,2026-02-01',
    ];
    const parsed = parseCertificateCsv([header, ...rows].join('\n'));
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(checkCertificateRows(parsed.rows).map((r) => (r.ok ? 'ok' : r.reason))).toEqual(['ok', 'duplicate', 'ok']);
  });

  test('whole-file refusals', () => {
    expect(parseCertificateCsv('')).toEqual({ ok: false, reason: 'empty' });
    expect(parseCertificateCsv('姓名\n王芳')).toEqual({ ok: false, reason: 'noColumns' });
    expect(parseCertificateCsv('证书类型,证书编号\n"x,1')).toEqual({ ok: false, reason: 'badQuotes' });
    expect(parseCertificateCsv('x'.repeat(CERT_LIMITS.chars + 1))).toEqual({ ok: false, reason: 'tooLarge' });
  });

  test('rows past the limit are refused as too many', () => {
    const row = { line: 2, fields: skill() };
    const rows = Array.from({ length: CERT_LIMITS.rows + 1 }, (_, i) => ({ ...row, line: i + 2, fields: skill({ number: `N-${i}` }) }));
    const checked = checkCertificateRows(rows);
    expect(checked.at(-1)).toMatchObject({ ok: false, reason: 'tooMany' });
    expect(checked.filter((r) => r.ok)).toHaveLength(CERT_LIMITS.rows);
  });
});

describe('the signed verification link', () => {
  const secret = 's'.repeat(40);
  const target = { tenantId: 'tenant-a', kind: 'skill' as const, id: '17640000000001234567890123' };
  const params = (path: string) => {
    const q = new URL(`http://x${path}`).searchParams;
    return { k: q.get('k'), c: q.get('c'), s: q.get('s') };
  };

  test('reads back only for the school, kind and id it was made for', () => {
    const path = verifyPathOf(secret, target);
    expect(path).toMatch(/^\/certificate\/verify\?k=skill&c=\d+&s=[\w-]{43}$/);
    expect(readVerifyLink(secret, 'tenant-a', params(path))).toEqual({ ok: true, kind: 'skill', id: target.id });
    expect(readVerifyLink(secret, 'tenant-b', params(path))).toEqual({ ok: false });
    expect(readVerifyLink('t'.repeat(40), 'tenant-a', params(path))).toEqual({ ok: false });
    expect(readVerifyLink(secret, 'tenant-a', { ...params(path), k: 'training' })).toEqual({ ok: false });
    expect(readVerifyLink(secret, 'tenant-a', { k: null, c: null, s: null })).toEqual({ ok: false });
  });

  test('the signature is the documented HMAC of school, kind and id', () => {
    // `printf 'szyx-certificate-v1\ntenant-a\nskill\n<id>' | openssl dgst -sha256 -hmac <secret> -binary | base64`, made URL-safe.
    expect(certificateSignature(secret, target)).toBe('9ToiGP2xYPjRC6SKQHreDXmsKbuICmcd5AJ-nCpFFNQ');
    expect(verifyPathOf(secret, target)).toBe(`/certificate/verify?k=skill&c=${target.id}&s=9ToiGP2xYPjRC6SKQHreDXmsKbuICmcd5AJ-nCpFFNQ`);
  });

  test('a missing or malformed parameter is refused, never thrown, even when it is signed as the text it reads as', () => {
    const signed = (over: Partial<{ kind: string; id: string }>) => certificateSignature(secret, { ...target, ...over } as typeof target);
    const good = { k: target.kind, c: target.id, s: signed({}) };
    const refused = [
      // A kind that is none of the two, even signed for it.
      { ...good, k: 'other', s: signed({ kind: 'other' }) },
      { ...good, k: null },
      // An id missing reads as the text 'null' or 'undefined' if it were taken as text: refused although signed so.
      { ...good, c: null, s: signed({ id: 'null' }) },
      { ...good, c: undefined, s: signed({ id: 'undefined' }) },
      // Ids are at most 32 characters of [0-9A-Za-z_-]: longer ones (over the 64 of any real link too) and others are refused, signed or not.
      ...[33, 64, 65].map((n) => ({ ...good, c: '7'.repeat(n), s: signed({ id: '7'.repeat(n) }) })),
      { ...good, c: '12/34', s: signed({ id: '12/34' }) },
      { ...good, c: '', s: signed({ id: '' }) },
      // A signature missing, short, long or of another id.
      { ...good, s: null },
      { ...good, s: undefined },
      { ...good, s: good.s.slice(0, -1) },
      { ...good, s: `${good.s}A` },
      { ...good, s: good.s.repeat(2) },
      { ...good, s: signed({ id: '1' }) },
    ];
    expect(readVerifyLink(secret, target.tenantId, good)).toEqual({ ok: true, kind: 'skill', id: target.id });
    expect(readVerifyLink(secret, target.tenantId, { ...good, c: '7'.repeat(32), s: signed({ id: '7'.repeat(32) }) })).toEqual({
      ok: true,
      kind: 'skill',
      id: '7'.repeat(32),
    });
    for (const q of refused) expect(readVerifyLink(secret, target.tenantId, q)).toEqual({ ok: false });
  });

  test('property: any other signature text, even one decoding to the same bytes, is refused', () => {
    const good = certificateSignature(secret, target);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    fc.assert(
      fc.property(fc.nat({ max: good.length - 1 }), fc.constantFrom(...alphabet), (i, ch) => {
        fc.pre(good[i] !== ch);
        const changed = good.slice(0, i) + ch + good.slice(i + 1);
        expect(readVerifyLink(secret, target.tenantId, { k: 'skill', c: target.id, s: changed })).toEqual({ ok: false });
      }),
    );
  });

  test('property: any other id is refused with the original signature', () => {
    const good = certificateSignature(secret, target);
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Za-z_-]{1,32}$/), (id) => {
        fc.pre(id !== target.id);
        expect(readVerifyLink(secret, target.tenantId, { k: 'skill', c: id, s: good })).toEqual({ ok: false });
      }),
    );
  });
});

describe('a certificate from a student record (decision 078): only a skill-level one needs the ID number', () => {
  const skill = { ...blankFields('skill'), name: '张三', number: 'ZS2026000001', professionName: '电工', level: '四级', sendDate: '2026-06-30' };
  const training = {
    ...blankFields('training'),
    name: '张三',
    number: 'ZS2026000002',
    productName: '电工培训班',
    agencyName: '江南培训中心',
    startDate: '2026-03-01',
    endDate: '2026-06-30',
  };

  test('training: none on the record is fine, and stays none', () => {
    const c = checkCertificate(training, true);
    expect(c.ok && c.value.kind === 'training' && c.value.idCard).toBe('');
  });

  test('skill-level, and any CSV row: the ID number is required', () => {
    expect(checkCertificate(skill, true)).toMatchObject({ ok: false, reason: 'idNumberRequired', field: 'idNumber' });
    expect(checkCertificate(training)).toMatchObject({ ok: false, reason: 'idNumberRequired', field: 'idNumber' });
  });

  test('a 15-digit number on the record is a resident ID number too', () => {
    expect(checkCertificate({ ...skill, idNumber: '110105490230002' }, true)).toMatchObject({ ok: false, reason: 'idNumberInvalid' });
    expect(checkCertificate({ ...skill, idNumber: '110105491231002' }, true).ok).toBe(true);
  });
});
