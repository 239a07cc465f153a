import { beforeAll, describe, expect, test } from 'vitest';
import fc from 'fast-check';
import * as api from '~/lib/api/contracts/admin-certificates';
import * as cls from '~/lib/api/contracts/admin-classes';
import * as stu from '~/lib/api/contracts/admin-students';
import { AUDIT_ACTION, STAFF_ROLE } from '~/lib/staff/roles';
import { blankFields, type CertificateFields } from '~/lib/certificates/admin';
import { idNumber } from '~/dev/seed/certificates';
import { newId } from '~/server/ids';
import { ATTEMPT_STATUS } from '~/lib/exams/attempt-policy';
import { certificateSignature } from '~/server/certificates/verify.rules';
import { DEMO, HUAXIA, useTestServer, type Answer } from '../setup/server';
import { asStaff, auditOf } from '../setup/staff';
import { freshStudentMobile, ok, staffer, onClass, type Staffer } from '../setup/classes';
import { createLearningClass, handIn } from '../setup/learning';
import { CLASSROOM_TYPE } from '~/lib/learning/codes';
import { querySkill, queryTraining, schoolStudent } from '../setup/certificates';
import { expectRefused } from '../setup/api';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';
import { testScope } from '../setup/scope';

/**
 * Certificates on the staff side (decision 046): issuing by hand (checked, unique numbers), the CSV
 * import (a dry run with a report per row, an all-or-nothing apply that is safe to repeat and to
 * run twice at once), revoking once with a reason, issuing for a pass in a class's test once per
 * student, and the signed verification link: valid, revoked, altered, another school's, unknown.
 * The public lookups find an issued certificate and show a revoked one as revoked.
 */

const server = useTestServer();
let admin: Staffer;
let teacher: Staffer;
let editor: Staffer;
let foreignAdmin: Staffer;

beforeAll(async () => {
  admin = await staffer(server(), DEMO.id, STAFF_ROLE.admin);
  teacher = await staffer(server(), DEMO.id, STAFF_ROLE.teacher);
  editor = await staffer(server(), DEMO.id, STAFF_ROLE.editor);
  foreignAdmin = await staffer(server(), HUAXIA.id, STAFF_ROLE.admin);
});

let serial = 0;
/** A certificate number no other test of this run uses. */
const freshNumber = (prefix = 'ZS') => `${prefix}-${process.pid}-${++serial}`;
/** A valid resident ID number, different each time. */
const freshId = () => {
  serial += 1;
  const day = String((serial % 28) + 1).padStart(2, '0');
  return idNumber(`11010519900${(serial % 9) + 1}${day}${String(Math.floor(serial / 28) % 1000).padStart(3, '0')}`);
};

function skillFields(over: Partial<CertificateFields> = {}): CertificateFields {
  return {
    ...blankFields('skill'),
    name: '王建国',
    idNumber: freshId(),
    number: freshNumber(),
    professionName: '电工',
    typeOfWorkName: '维修电工',
    level: '四级/中级工',
    sendDate: '2026-06-30',
    ...over,
  };
}

function trainingFields(over: Partial<CertificateFields> = {}): CertificateFields {
  return {
    ...blankFields('training'),
    name: '李秀英',
    idNumber: freshId(),
    number: freshNumber('PX'),
    productName: '电工培训班',
    agencyName: '江南培训中心',
    startDate: '2026-03-01',
    endDate: '2026-06-30',
    ...over,
  };
}

/** The issuing input for a student of the school whose record holds the fields' name, mobile and ID number (made here). */
async function issueInput(fields: CertificateFields, tenant: string = DEMO.id): Promise<api.CertificateIssueInput> {
  const st = await schoolStudent(server(), tenant, {
    name: fields.name,
    idNumber: fields.idNumber || undefined,
    mobile: fields.mobile || freshStudentMobile(),
  });
  const { name: _n, idType: _t, idNumber: _i, mobile: _m, number: _no, kind, ...own } = fields;
  return { kind: kind as api.CertKind, studentId: st.userId, ...own };
}

/** Issues by hand to a new student holding the fields' name and ID number; `fields.number` becomes the number the school gave. */
async function issue(fields: CertificateFields, who: Staffer = admin, tenant: string = DEMO.id): Promise<api.AdminCertificate> {
  const c = await ok<api.AdminCertificate>(server().call(api.adminCertificateIssue, await issueInput(fields, tenant), asStaff(who.session, tenant)));
  fields.number = c.number;
  return c;
}

async function revoke(c: api.AdminCertificate, reason = '证书信息有误', who: Staffer = admin): Promise<Answer> {
  return server().call(api.adminCertificateRevoke, { kind: c.kind, reason }, { ...asStaff(who.session, DEMO.id), params: { id: c.id } });
}

/** The verification page's answer for a link opened on a school's host (the service the page renders). */
async function verify(url: string, tenantId: string = DEMO.id) {
  const { verifyCertificate } = await import('~/server/certificates/certificates.admin.service');
  const scope = testScope(server().runtime, 'certificate-verify-test', tenantId);
  const q = new URL(url).searchParams;
  return verifyCertificate(scope, { k: q.get('k'), c: q.get('c'), s: q.get('s') });
}

describe('issuing by hand', () => {
  test('an administrator issues a skill-level certificate; it is listed, audited and found by the public lookup, masked', async () => {
    const fields = skillFields();
    const c = await issue(fields);
    const masked = `${fields.idNumber.slice(0, 6)}********${fields.idNumber.slice(-4)}`;
    expect(c).toMatchObject({ kind: 'skill', name: '王建国', idNumber: masked, number: fields.number, state: 'valid', revokedAt: null, replaces: null });
    expect(c.number).toMatch(/^[0-9A-Za-z-]+\d{6}$/);
    expect(c.verifyUrl).toMatch(/^http:\/\/[^/]+\/certificate\/verify\?k=skill&c=\d+&s=[\w-]{43}$/);

    const page: { records: api.AdminCertificate[] } = await ok(
      server().call(api.adminCertificates, { kind: 'skill', keyword: fields.number }, asStaff(admin.session, DEMO.id)),
    );
    expect(page.records.map((r) => r.id)).toEqual([c.id]);
    // The ID number finds it too, and so does part of the name.
    const byId: { records: api.AdminCertificate[] } = await ok(
      server().call(api.adminCertificates, { kind: 'skill', keyword: fields.idNumber }, asStaff(admin.session, DEMO.id)),
    );
    expect(byId.records.map((r) => r.id)).toContain(c.id);

    const found = await querySkill(server(), { name: '王建国', certificateCode: fields.number });
    expect(found.body.data).toMatchObject({
      name: '王建国',
      certificateCode: fields.number,
      card: `${fields.idNumber.slice(0, 6)}********${fields.idNumber.slice(-4)}`,
      revoked: null,
    });
    expect(found.text).not.toContain(fields.idNumber);

    const entries = (await auditOf(server(), DEMO.id, { targetId: c.id })).filter((r) => r.action === AUDIT_ACTION.certificateIssue);
    expect(entries).toHaveLength(1);
    // The student is told in their message centre.
    const told = await server().runtime.db.selectFrom('messages').selectAll().where('sourceKey', '=', `certificate:${c.id}`).execute();
    expect(told.map((m) => m.title)).toEqual([t('messageCentre.certificate.title', { name: fields.professionName })]);
    // The log keeps the certificate, not the holder's full ID number.
    expect(entries[0]!.afterJson).not.toContain(fields.idNumber);
  });

  test('a training certificate to a student whose record has no ID number is issued without one and found by the training lookup', async () => {
    const fields = trainingFields({ idNumber: '' });
    const c = await issue(fields);
    expect(c).toMatchObject({ kind: 'training', idNumber: '', startDate: '2026-03-01', endDate: '2026-06-30' });
    const found = await queryTraining(server(), { studentName: '李秀英', certificateNum: fields.number });
    expect(found.body.data).toMatchObject({ certificateNum: fields.number, idCard: null, revoked: null });
  });

  test('a skill-level certificate to a student with no ID number on record is refused with where to add it, and issues nothing', async () => {
    const input = await issueInput(skillFields({ idNumber: '' }));
    const before: { total: number } = await ok(server().call(api.adminCertificates, {}, asStaff(admin.session, DEMO.id)));
    expectRefused(
      await server().call(api.adminCertificateIssue, input, asStaff(admin.session, DEMO.id)),
      ErrorCode.BAD_REQUEST,
      t('certs.needIdNumber', { name: '王建国' }),
    );
    const after: { total: number } = await ok(server().call(api.adminCertificates, {}, asStaff(admin.session, DEMO.id)));
    expect(after.total).toBe(before.total);
  });

  test('a student of another school, or none, is not found', async () => {
    const foreign = await issueInput(skillFields(), HUAXIA.id);
    expectRefused(await server().call(api.adminCertificateIssue, foreign, asStaff(admin.session, DEMO.id)), ErrorCode.NOT_FOUND, t('certs.studentNotFound'));
  });

  test.each([
    [{ kind: 'diploma' }, '证书类型不正确'],
    [{ sendDate: '2026-02-30' }, '发证日期须为 YYYY-MM-DD 格式的有效日期'],
    [{ sendDate: '30/06/2026' }, '发证日期须为 YYYY-MM-DD 格式的有效日期'],
    [{ level: '' }, '请填写等级'],
  ])('a bad form %j is refused with %s and issues nothing, taking no number', async (over, message) => {
    const n0: api.CertNumbering = await ok(server().call(api.adminCertificateNumbering, {}, asStaff(admin.session, DEMO.id)));
    const input = { ...(await issueInput(skillFields())), ...over } as api.CertificateIssueInput;
    expectRefused(await server().call(api.adminCertificateIssue, input, asStaff(admin.session, DEMO.id)), ErrorCode.BAD_REQUEST, message);
    const n1: api.CertNumbering = await ok(server().call(api.adminCertificateNumbering, {}, asStaff(admin.session, DEMO.id)));
    expect(n1.next).toBe(n0.next);
  });

  test('a training certificate ending before it starts is refused', async () => {
    const a = await server().call(
      api.adminCertificateIssue,
      await issueInput(trainingFields({ startDate: '2026-06-01', endDate: '2026-05-01' })),
      asStaff(admin.session, DEMO.id),
    );
    expectRefused(a, ErrorCode.BAD_REQUEST, '培训结束日期不能早于开始日期');
  });

  test('teachers and editors may not issue, list or revoke (403); teachers may read a class test list', async () => {
    for (const who of [teacher, editor]) {
      expectRefused(
        await server().call(api.adminCertificateIssue, await issueInput(skillFields()), asStaff(who.session, DEMO.id)),
        ErrorCode.FORBIDDEN,
        t('staff.forbidden'),
      );
      expectRefused(await server().call(api.adminCertificates, { kind: 'skill' }, asStaff(who.session, DEMO.id)), ErrorCode.FORBIDDEN, t('staff.forbidden'));
    }
  });
});

describe('reissuing by hand and the school numbering', () => {
  const numbering = () => ok<api.CertNumbering>(server().call(api.adminCertificateNumbering, {}, asStaff(admin.session, DEMO.id)));

  test('after a revoke a new certificate is issued to the same student and names the one it replaces; two at once give one valid certificate', async () => {
    const fields = skillFields();
    const input = await issueInput(fields);
    const first: api.AdminCertificate = await ok(server().call(api.adminCertificateIssue, input, asStaff(admin.session, DEMO.id)));
    expect(first).toMatchObject({ studentId: input.studentId, studentNo: expect.stringMatching(/^\d{6,}$/) });
    // While it is valid, another of the same profession and level is refused.
    expectRefused(
      await server().call(api.adminCertificateIssue, input, asStaff(admin.session, DEMO.id)),
      ErrorCode.CONFLICT,
      t('certs.heldAlready', { number: first.number }),
    );
    server().clock.advance(1000);
    await ok(Promise.resolve(await revoke(first)));
    const answers = await Promise.all([1, 2, 3].map(() => server().call(api.adminCertificateIssue, input, asStaff(admin.session, DEMO.id))));
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 409, 409]);
    const second = answers.find((a) => a.body.code === 0)!.body.data as api.AdminCertificate;
    expect(second).toMatchObject({ state: 'valid', replaces: { id: first.id, number: first.number } });
    const old: api.AdminCertificate = await ok(
      server().call(api.adminCertificateGet, { kind: 'skill' }, { ...asStaff(admin.session, DEMO.id), params: { id: first.id } }),
    );
    expect(old.replacedBy).toEqual({ id: second.id, number: second.number });
    // Replaced once: naming it again is refused.
    server().clock.advance(1000);
    await ok(Promise.resolve(await revoke(second)));
    expectRefused(
      await server().call(api.adminCertificateIssue, { ...input, replacesId: first.id }, asStaff(admin.session, DEMO.id)),
      ErrorCode.CONFLICT,
      t('certs.replacedAlready'),
    );
  });

  test('the school sets its prefix and next number (audited); parallel issues take consecutive numbers, none shared or skipped', async () => {
    const prefix = `T${process.pid % 1000}${++serial}`;
    const saved: api.CertNumbering = await ok(server().call(api.adminCertificateNumberingSave, { prefix, nextSeq: 41 }, asStaff(admin.session, DEMO.id)));
    expect(saved).toEqual({ prefix, nextSeq: 41, next: `${prefix}000041` });
    const audit = (await auditOf(server(), DEMO.id, { targetId: DEMO.id })).filter((r) => r.action === AUDIT_ACTION.certificateNumbering);
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.parse(audit.at(-1)!.afterJson!)).toMatchObject({ prefix, nextSeq: 41 });
    const inputs = await Promise.all([1, 2, 3, 4, 5, 6].map(() => issueInput(trainingFields())));
    const issued = await Promise.all(inputs.map((i) => ok<api.AdminCertificate>(server().call(api.adminCertificateIssue, i, asStaff(admin.session, DEMO.id)))));
    expect(issued.map((c) => c.number).sort()).toEqual([41, 42, 43, 44, 45, 46].map((n) => `${prefix}0000${n}`));
    expect((await numbering()).nextSeq).toBe(47);
    // A next number already given is refused; bad prefixes and numbers too; nothing changes.
    expectRefused(
      await server().call(api.adminCertificateNumberingSave, { prefix, nextSeq: 43 }, asStaff(admin.session, DEMO.id)),
      ErrorCode.CONFLICT,
      t('certs.numbering.used', { number: `${prefix}000043` }),
    );
    for (const bad of [
      { prefix: '证书', nextSeq: 1 },
      { prefix: 'A'.repeat(17), nextSeq: 1 },
      { prefix, nextSeq: 0 },
      { prefix, nextSeq: 1.5 },
    ]) {
      const a = await server().call(api.adminCertificateNumberingSave, bad, asStaff(admin.session, DEMO.id));
      expect(a.body.code).toBe(ErrorCode.BAD_REQUEST);
    }
    expect((await numbering()).nextSeq).toBe(47);
    // Teachers may not see or change it.
    expectRefused(await server().call(api.adminCertificateNumbering, {}, asStaff(teacher.session, DEMO.id)), ErrorCode.FORBIDDEN, t('staff.forbidden'));
  });

  test('the list shows both kinds and both ways of issuing by default, filtered by kind, source and state', async () => {
    const skill = await issue(skillFields({ name: '列表甲' }));
    const training = await issue(trainingFields({ name: '列表甲' }));
    const list = async (q: Partial<api.AdminCertificateQuery>) =>
      (
        await ok<{ records: api.AdminCertificate[] }>(
          server().call(api.adminCertificates, { keyword: '列表甲', size: 100, ...q }, asStaff(admin.session, DEMO.id)),
        )
      ).records.map((r) => r.id);
    expect(new Set(await list({}))).toEqual(new Set([skill.id, training.id]));
    expect(await list({ kind: 'training' })).toEqual([training.id]);
    expect(await list({ source: 'exam' })).toEqual([]);
    expect(new Set(await list({ source: 'hand' }))).toEqual(new Set([skill.id, training.id]));
    expect(await list({ state: 'revoked' })).toEqual([]);
    const bad = await server().call(api.adminCertificates, { source: 'mail' as api.CertSource }, asStaff(admin.session, DEMO.id));
    expect(bad.body.code).toBe(ErrorCode.BAD_REQUEST);
  });
});

describe('revoking', () => {
  test('revokes once with a reason; a second revoke is 409; the list, the lookup and the verification page show it as revoked', async () => {
    const fields = skillFields();
    const c = await issue(fields);
    expect((await verify(c.verifyUrl)).state).toBe('valid');
    server().clock.advance(60_000);
    const revoked: api.AdminCertificate = await ok(Promise.resolve(await revoke(c)));
    expect(revoked).toMatchObject({ state: 'revoked', revokedReason: '证书信息有误', revokedAt: server().clock.value });
    const again = await revoke(c, '再次撤销');
    expectRefused(again, ErrorCode.CONFLICT, t('certs.alreadyRevoked'));
    const entries = (await auditOf(server(), DEMO.id, { targetId: c.id })).filter((r) => r.action === AUDIT_ACTION.certificateRevoke);
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]!.afterJson!)).toMatchObject({ state: 'revoked', reason: '证书信息有误' });

    const listed: { records: api.AdminCertificate[] } = await ok(
      server().call(api.adminCertificates, { kind: 'skill', keyword: fields.number, state: 'revoked' }, asStaff(admin.session, DEMO.id)),
    );
    expect(listed.records.map((r) => r.id)).toEqual([c.id]);
    const valid: { total: number } = await ok(
      server().call(api.adminCertificates, { kind: 'skill', keyword: fields.number, state: 'valid' }, asStaff(admin.session, DEMO.id)),
    );
    expect(valid.total).toBe(0);

    const looked = await querySkill(server(), { name: fields.name, certificateCode: fields.number });
    expect(looked.body.data.revoked).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), reason: '证书信息有误' });

    const v = await verify(c.verifyUrl);
    expect(v.state).toBe('revoked');
    if (v.state !== 'invalid') expect(v.certificate.revoked?.reason).toBe('证书信息有误');
  });

  test('a reason is required and at most 200 characters; another school cannot revoke it', async () => {
    const c = await issue(skillFields());
    expectRefused(await revoke(c, '  '), ErrorCode.BAD_REQUEST, '请填写撤销原因');
    expectRefused(await revoke(c, '因'.repeat(201)), ErrorCode.BAD_REQUEST, '撤销原因不能超过 200 个字');
    const foreign = await server().call(
      api.adminCertificateRevoke,
      { kind: 'skill', reason: '越权' },
      { ...asStaff(foreignAdmin.session, HUAXIA.id), params: { id: c.id } },
    );
    expectRefused(foreign, ErrorCode.NOT_FOUND, t('certs.notFound'));
    // The wrong kind names no certificate either.
    const wrongKind = await server().call(
      api.adminCertificateRevoke,
      { kind: 'training', reason: '类型错' },
      { ...asStaff(admin.session, DEMO.id), params: { id: c.id } },
    );
    expectRefused(wrongKind, ErrorCode.NOT_FOUND, t('certs.notFound'));
    expect((await verify(c.verifyUrl)).state).toBe('valid');
  });

  test('two revokes at once: one succeeds, one is refused, one audit entry', async () => {
    const c = await issue(skillFields());
    server().clock.advance(1000);
    const answers = await Promise.all([revoke(c, '并发一'), revoke(c, '并发二')]);
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 409]);
    const entries = (await auditOf(server(), DEMO.id, { targetId: c.id })).filter((r) => r.action === AUDIT_ACTION.certificateRevoke);
    expect(entries).toHaveLength(1);
  });
});

describe('the verification link', () => {
  test('valid: the lookup fields masked the same way, no mobile beyond the mask, the school named', async () => {
    const fields = trainingFields();
    const c = await issue(fields);
    const v = await verify(c.verifyUrl);
    expect(v.state).toBe('valid');
    if (v.state === 'invalid' || v.kind !== 'training') throw new Error('expected a training certificate');
    expect(v.certificate.idCard).toBe(`${fields.idNumber.slice(0, 6)}********${fields.idNumber.slice(-4)}`);
    expect(JSON.stringify(v)).not.toContain(fields.idNumber);
  });

  test('an altered id, kind or signature, an unknown id and another school host are refused', async () => {
    const c = await issue(skillFields());
    const url = new URL(c.verifyUrl);
    const sig = url.searchParams.get('s')!;
    const withParam = (k: string, v: string) => {
      const u = new URL(c.verifyUrl);
      u.searchParams.set(k, v);
      return u.toString();
    };
    expect((await verify(withParam('s', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`))).state).toBe('invalid');
    expect((await verify(withParam('k', 'training'))).state).toBe('invalid');
    expect((await verify(withParam('c', `${c.id.slice(0, -1)}${c.id.endsWith('1') ? '2' : '1'}`))).state).toBe('invalid');
    expect((await verify(withParam('s', ''))).state).toBe('invalid');
    expect((await verify(`${url.origin}${url.pathname}`)).state).toBe('invalid');
    // The same link on another school's host: signed for the demo school only.
    expect((await verify(c.verifyUrl, HUAXIA.id)).state).toBe('invalid');
    // Correctly signed, but no such certificate (never issued): refused the same way.
    const ghost = newId(server().clock.value);
    const secret = server().runtime.config.CERTIFICATE_SECRET;
    const forged = `${url.origin}/certificate/verify?k=skill&c=${ghost}&s=${certificateSignature(secret, { tenantId: DEMO.id, kind: 'skill', id: ghost })}`;
    expect((await verify(forged)).state).toBe('invalid');
    // Signed with another secret.
    const otherSignature = certificateSignature('another-secret-0123456789abcdefghijkl', { tenantId: DEMO.id, kind: 'skill', id: c.id });
    const other = `${url.origin}/certificate/verify?k=skill&c=${c.id}&s=${otherSignature}`;
    expect((await verify(other)).state).toBe('invalid');
    expect((await verify(c.verifyUrl)).state).toBe('valid');
  });

  test('property: any change to the id or the signature is refused', async () => {
    const c = await issue(skillFields());
    const url = new URL(c.verifyUrl);
    const id = url.searchParams.get('c')!;
    const sig = url.searchParams.get('s')!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const change = (text: string) =>
      fc
        .tuple(fc.nat({ max: text.length - 1 }), fc.constantFrom(...alphabet))
        .filter(([i, ch]) => text[i] !== ch)
        .map(([i, ch]) => text.slice(0, i) + ch + text.slice(i + 1));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          change(id).map((v) => ['c', v] as const),
          change(sig).map((v) => ['s', v] as const),
        ),
        async ([key, value]) => {
          const u = new URL(c.verifyUrl);
          u.searchParams.set(key, value);
          expect((await verify(u.toString())).state).toBe('invalid');
        },
      ),
      { numRuns: 60 },
    );
  });
});

const CSV_HEADER = '证书类型,姓名,证件类型,证件号码,手机号码,证书编号,职业名称,工种,等级,发证日期,培训项目,培训机构,开始日期,结束日期';

describe('the CSV import', () => {
  function badFile() {
    const good1 = freshNumber('IM');
    const good2 = freshNumber('IM');
    const lines = [
      CSV_HEADER,
      `职业技能等级证书,张伟,居民身份证,${freshId()},,${good1},电工,,四级/中级工,2026-06-30,,,,`,
      `培训结业证书,刘洋,居民身份证,${freshId()},,${good2},,,,,电工培训班,江南培训中心,2026-03-01,2026-06-30`,
      `职业技能等级证书,陈静,居民身份证,110105199001011235,,${freshNumber('IM')},电工,,四级,2026-06-30,,,,`,
      `职业技能等级证书,,居民身份证,${freshId()},,${freshNumber('IM')},电工,,四级,2026-06-30,,,,`,
      `职业技能等级证书,周杰,居民身份证,${freshId()},,${good1},电工,,四级,2026-06-30,,,,`,
      `毕业证书,吴磊,居民身份证,${freshId()},,${freshNumber('IM')},电工,,四级,2026-06-30,,,,`,
      `职业技能等级证书,郑爽,居民身份证,${freshId()},,${freshNumber('IM')},电工,,四级,2026/06/30,,,,`,
    ];
    return { csv: `${lines.join('\r\n')}\r\n`, good: [good1, good2] };
  }

  const importCsv = (csv: string, apply: boolean, who: Staffer = admin) =>
    server().call(api.adminCertificateImport, { csv, apply }, asStaff(who.session, DEMO.id));

  test('a dry run reports each row (added / refused and why) and issues nothing; apply issues the good rows; again adds nothing', async () => {
    const { csv, good } = badFile();
    const dry: api.CertImportReport = await ok(importCsv(csv, false));
    expect(dry.applied).toBe(false);
    expect(dry.rows.map((r) => [r.line, r.outcome, r.message ?? null])).toEqual([
      [2, 'added', null],
      [3, 'added', null],
      [4, 'refused', '证件号码不正确'],
      [5, 'refused', '请填写姓名'],
      [6, 'refused', '与文件中前面的行证书编号重复'],
      [7, 'refused', '证书类型只能是“职业技能等级证书”或“培训结业证书”'],
      [8, 'refused', '发证日期须为 YYYY-MM-DD 格式的有效日期'],
    ]);
    expect(dry.counts).toEqual({ added: 2, exists: 0, refused: 5 });
    const none: { total: number } = await ok(server().call(api.adminCertificates, { kind: 'skill', keyword: good[0] }, asStaff(admin.session, DEMO.id)));
    expect(none.total).toBe(0);

    server().clock.advance(1000);
    // The import's entry names the school's register: this test's own administrator picks it out.
    const importer = await staffer(server(), DEMO.id, STAFF_ROLE.admin);
    const applied: api.CertImportReport = await ok(importCsv(csv, true, importer));
    expect(applied.counts).toEqual({ added: 2, exists: 0, refused: 5 });
    const skill: { total: number } = await ok(server().call(api.adminCertificates, { kind: 'skill', keyword: good[0] }, asStaff(admin.session, DEMO.id)));
    const training: { total: number } = await ok(server().call(api.adminCertificates, { kind: 'training', keyword: good[1] }, asStaff(admin.session, DEMO.id)));
    expect([skill.total, training.total]).toEqual([1, 1]);
    const entries = (await auditOf(server(), DEMO.id, { actorId: importer.account.id })).filter((r) => r.action === AUDIT_ACTION.certificateImport);
    expect(entries).toHaveLength(1);

    const again: api.CertImportReport = await ok(importCsv(csv, true));
    expect(again.counts).toEqual({ added: 0, exists: 2, refused: 5 });
    const dryAgain: api.CertImportReport = await ok(importCsv(csv, false));
    expect(dryAgain.counts).toEqual({ added: 0, exists: 2, refused: 5 });
  });

  test('two imports of one file at once add each certificate once', async () => {
    const { csv, good } = badFile();
    const [a, b] = await Promise.all([importCsv(csv, true), importCsv(csv, true)]);
    const reports = [a, b].map((x) => x.body.data as api.CertImportReport);
    expect(reports.map((r) => r.counts.added + r.counts.exists)).toEqual([2, 2]);
    expect(reports[0]!.counts.added + reports[1]!.counts.added).toBe(2);
    for (const [kind, number] of [
      ['skill', good[0]],
      ['training', good[1]],
    ] as const) {
      const page: { total: number } = await ok(server().call(api.adminCertificates, { kind, keyword: number }, asStaff(admin.session, DEMO.id)));
      expect(page.total).toBe(1);
    }
  });

  test('a number the school gave another holder is refused; BOM and blank lines are fine', async () => {
    const held = await issue(skillFields());
    const csv = `\uFEFF${CSV_HEADER}\n\n职业技能等级证书,孙丽,居民身份证,${freshId()},,${held.number},电工,,四级,2026-06-30,,,,\n`;
    const r: api.CertImportReport = await ok(importCsv(csv, false));
    expect(r.rows).toEqual([expect.objectContaining({ line: 3, outcome: 'refused', reason: 'numberTaken', message: '证书编号已被本校另一张证书使用' })]);
  });

  test('a file without the columns, an empty file and broken quotes are refused as a whole', async () => {
    expectRefused(await importCsv('姓名,手机\n张三,1\n', false), ErrorCode.BAD_REQUEST, '文件第一行须为表头，且包含“证书类型”和“证书编号”列');
    expectRefused(await importCsv('\n\n', false), ErrorCode.BAD_REQUEST, '文件是空的，请按模板填写后再导入');
    expectRefused(await importCsv(`${CSV_HEADER}\n"职业技能等级证书,张三`, false), ErrorCode.BAD_REQUEST, '文件格式不正确：引号没有成对出现');
    expectRefused(await importCsv('', false), ErrorCode.BAD_REQUEST, '请选择要导入的文件');
  });

  test('teachers may not import (403)', async () => {
    expectRefused(await importCsv(badFile().csv, false, teacher), ErrorCode.FORBIDDEN, t('staff.forbidden'));
  });
});

describe('issuing for a pass in a test', () => {
  /** A class of the admin's with the teacher linked, two named students and one with no usable name, and one test. */
  async function classWithTest(scoreRule = 'highest') {
    const db = server().runtime.db;
    const now = server().clock.value;
    const made = await createLearningClass(db, {
      tenantId: DEMO.id,
      now,
      name: `发证班级${process.pid}-${++serial}`,
      courseName: '电工培训班',
      lessons: [{ name: '结业考试', type: 7 }],
      duties: [],
      userIds: [],
    });
    const c = { id: made.classId };
    await db
      .insertInto('classTeachers')
      .values({ id: newId(now), tenantId: DEMO.id, classId: c.id, accountId: teacher.account.id, role: 'head', createdAt: now })
      .execute();
    const students: Record<string, string> = {};
    for (const name of ['高分甲', '低分乙', '待批丙', 'x1']) {
      const enrolled: cls.Enrolled = await ok(
        server().call(cls.adminClassEnrol, { mobile: freshStudentMobile(), name, periodId: null }, onClass(admin, c.id, DEMO.id)),
      );
      students[name] = enrolled.student.id;
    }
    const workId = newId(now);
    const courseId = made.courseId;
    const classroomId = made.lessons['结业考试']!;
    await db
      .insertInto('works')
      .values({
        id: workId,
        tenantId: DEMO.id,
        classId: c.id,
        courseId,
        classroomId,
        kind: 'test',
        paperId: null,
        externalPaperId: null,
        sourceType: null,
        title: '结业考试',
        description: null,
        unitTime: null,
        manualGrading: 0,
        partialMultiple: 0,
        createdAt: now,
        maxAttempts: 3,
        scoreRule,
        marksShown: 'after_submit',
        keysShown: 'after_last_attempt',
        closesAt: null,
      })
      .execute();
    const attempt = (student: string, attemptNo: number, status: number, score: number | null) =>
      handIn(db, {
        tenantId: DEMO.id,
        classId: c.id,
        courseId,
        classroomId,
        classStudentId: students[student]!,
        workType: CLASSROOM_TYPE.TEST,
        startedAt: now - (10 - attemptNo) * 60_000,
        submittedAt: now,
        status,
        score,
        workId,
        attemptNo,
      });
    // 高分甲: 50 then 85 (highest 85; last 85). 低分乙: 90 then 40 (highest 90, last 40). 待批丙: waiting. x1: 95 but no certifiable name.
    await attempt('高分甲', 1, ATTEMPT_STATUS.REVIEWED, 50);
    await attempt('高分甲', 2, ATTEMPT_STATUS.REVIEWED, 85);
    await attempt('低分乙', 1, ATTEMPT_STATUS.REVIEWED, 90);
    await attempt('低分乙', 2, ATTEMPT_STATUS.REVIEWED, 40);
    await attempt('待批丙', 1, ATTEMPT_STATUS.PENDING, null);
    await attempt('x1', 1, ATTEMPT_STATUS.REVIEWED, 95);
    return { classId: c.id, workId, students };
  }

  const pass = (who: Staffer, input: api.PassIssueInput) => server().call(api.adminCertificatePassIssue, input, asStaff(who.session, DEMO.id));
  const outcomes = (r: api.PassIssueReport) => Object.fromEntries(r.rows.map((x) => [x.name, [x.outcome, x.score]]));

  test('the counted score by the work’s rule decides; a dry run issues nothing; issuing twice gives nobody a second', async () => {
    const { classId, workId } = await classWithTest('last');
    const tests: api.CertTestWork[] = await ok(server().call(api.adminCertificateTests, { classId }, asStaff(teacher.session, DEMO.id)));
    expect(tests).toEqual([{ id: workId, title: '结业考试' }]);

    const dry: api.PassIssueReport = await ok(pass(teacher, { classId, workId, minScore: 60, apply: false }));
    // The rule is 'last': 低分乙's last attempt (40) counts, not the best.
    expect(outcomes(dry)).toEqual({
      高分甲: ['issued', 85],
      低分乙: ['below', 40],
      待批丙: ['pending', null],
      x1: ['noName', 95],
    });
    expect(dry.rows.every((r) => r.number === null)).toBe(true);

    server().clock.advance(1000);
    const applied: api.PassIssueReport = await ok(pass(teacher, { classId, workId, minScore: 60, apply: true }));
    expect(applied.counts).toEqual({ issued: 1, exists: 0, skipped: 3 });
    const number = applied.rows.find((r) => r.name === '高分甲')!.number!;
    expect(number).toMatch(/^[0-9A-Za-z-]+\d{6}$/);
    expect((await auditOf(server(), DEMO.id, { targetId: classId })).filter((r) => r.action === AUDIT_ACTION.certificatePassIssue)).toHaveLength(1);

    // The student is told once, with the certificate's number and its verification page.
    const told = await server()
      .runtime.db.selectFrom('messages')
      .selectAll()
      .where('tenantId', '=', DEMO.id)
      .where('kind', '=', 'certificate')
      .where('body', 'like', `%${number}%`)
      .execute();
    expect(told).toHaveLength(1);
    expect(told[0]!.link).toMatch(/^\/certificate\/verify\?k=training&c=\d+&s=/);

    // A lower minimum now would give 低分乙 one, but never 高分甲 a second.
    const again: api.PassIssueReport = await ok(pass(admin, { classId, workId, minScore: 30, apply: true }));
    expect(outcomes(again)).toMatchObject({ 高分甲: ['exists', 85], 低分乙: ['issued', 40] });
    expect(again.rows.find((r) => r.name === '高分甲')!.number).toBe(number);

    // The public lookup finds the training certificate, with no ID number (the portal holds none).
    const found = await queryTraining(server(), { studentName: '高分甲', certificateNum: number });
    expect(found.body.data).toMatchObject({ studentName: '高分甲', certificateNum: number, idCard: null, revoked: null });
  });

  test('after a revoke the student is issued again: the new certificate names the one it replaces, with the ID number from the record', async () => {
    const { classId, workId, students } = await classWithTest('highest');
    const first: api.PassIssueReport = await ok(pass(admin, { classId, workId, minScore: 60, apply: true }));
    const oldNumber = first.rows.find((r) => r.name === '高分甲')!.number!;
    const listed: { records: api.AdminCertificate[] } = await ok(server().call(api.adminCertificates, { keyword: oldNumber }, asStaff(admin.session, DEMO.id)));
    const old = listed.records[0]!;
    expect(old).toMatchObject({ fromTest: true, idNumber: '', studentNo: expect.stringMatching(/^\d{6,}$/) });
    // The record gets its ID number; the old certificate is revoked and is no longer "已有证书".
    const id = freshId();
    await ok(server().call(stu.adminStudentIdNumber, { idNumber: id }, { ...asStaff(admin.session, DEMO.id), params: { id: old.studentId! } }));
    server().clock.advance(1000);
    await ok(Promise.resolve(await revoke(old, '补录证件号码')));
    const dry: api.PassIssueReport = await ok(pass(admin, { classId, workId, minScore: 60, apply: false }));
    expect(dry.rows.find((r) => r.name === '高分甲')).toMatchObject({ outcome: 'issued', replaces: oldNumber });
    // Two runs at once: one new certificate for the enrolment.
    const runs: api.PassIssueReport[] = await Promise.all([
      ok<api.PassIssueReport>(pass(admin, { classId, workId, minScore: 60, apply: true })),
      ok<api.PassIssueReport>(pass(teacher, { classId, workId, minScore: 60, apply: true })),
    ]);
    const issuedRows = runs.flatMap((r) => r.rows.filter((x) => x.name === '高分甲' && x.outcome === 'issued'));
    expect(issuedRows).toHaveLength(1);
    const newNumber = issuedRows[0]!.number!;
    const now: { records: api.AdminCertificate[] } = await ok(server().call(api.adminCertificates, { keyword: newNumber }, asStaff(admin.session, DEMO.id)));
    const fresh = now.records[0]!;
    expect(fresh).toMatchObject({ replaces: { id: old.id, number: oldNumber }, idNumber: `${id.slice(0, 6)}********${id.slice(-4)}` });
    const valid = await server()
      .runtime.db.selectFrom('trainingCertificates')
      .select('id')
      .where('classStudentId', '=', students['高分甲']!)
      .where('revokedAt', 'is', null)
      .execute();
    expect(valid).toHaveLength(1);
    const vNew = await verify(fresh.verifyUrl);
    const vOld = await verify(old.verifyUrl);
    expect(vNew).toMatchObject({ state: 'valid', replaces: oldNumber, replacedBy: null });
    expect(vOld).toMatchObject({ state: 'revoked', replacedBy: newNumber });
    expect(JSON.stringify(vNew)).not.toContain(id);
  });

  test('the highest rule counts the best attempt; two runs at once issue one certificate per student', async () => {
    const { classId, workId } = await classWithTest('highest');
    const [a, b] = await Promise.all([
      pass(admin, { classId, workId, minScore: 60, apply: true }),
      pass(admin, { classId, workId, minScore: 60, apply: true }),
    ]);
    const reports = [a, b].map((x) => x.body.data as api.PassIssueReport);
    expect(reports[0]!.counts.issued + reports[1]!.counts.issued).toBe(2);
    const held = await server()
      .runtime.db.selectFrom('trainingCertificates')
      .select(['classStudentId'])
      .where('tenantId', '=', DEMO.id)
      .where('workId', '=', workId)
      .execute();
    expect(held).toHaveLength(2);
    expect(new Set(held.map((h) => h.classStudentId)).size).toBe(2);
  });

  test('a teacher of another class, an editor and another school cannot issue for this class; a bad minimum is refused', async () => {
    const { classId, workId } = await classWithTest();
    const outsider = await staffer(server(), DEMO.id, STAFF_ROLE.teacher);
    const notHis = await pass(outsider, { classId, workId, minScore: 60, apply: true });
    expectRefused(notHis, ErrorCode.NOT_FOUND, t('classes.notFound'));
    expectRefused(await server().call(api.adminCertificateTests, { classId }, asStaff(outsider.session, DEMO.id)), ErrorCode.NOT_FOUND, t('classes.notFound'));
    expectRefused(await pass(editor, { classId, workId, minScore: 60, apply: true }), ErrorCode.FORBIDDEN, t('staff.forbidden'));
    expectRefused(
      await server().call(api.adminCertificatePassIssue, { classId, workId, minScore: 60, apply: true }, asStaff(foreignAdmin.session, HUAXIA.id)),
      ErrorCode.NOT_FOUND,
      t('classes.notFound'),
    );
    expectRefused(await pass(admin, { classId, workId, minScore: -1, apply: false }), ErrorCode.BAD_REQUEST, '最低分须为 0 到 1000 之间的数字');
    expectRefused(await pass(admin, { classId, workId: newId(1), minScore: 60, apply: false }), ErrorCode.NOT_FOUND, '该测试不存在或不属于所选班级');
    const none = await server().runtime.db.selectFrom('trainingCertificates').select('id').where('workId', '=', workId).execute();
    expect(none).toHaveLength(0);
  });
});

describe('one certificate for the staff (the printable page and the QR link)', () => {
  test('reads one certificate of the school by kind and id; another school gets 404', async () => {
    const c = await issue(trainingFields());
    const got: api.AdminCertificate = await ok(
      server().call(api.adminCertificateGet, { kind: 'training' }, { ...asStaff(admin.session, DEMO.id), params: { id: c.id } }),
    );
    expect(got).toEqual(c);
    const foreign = await server().call(api.adminCertificateGet, { kind: 'training' }, { ...asStaff(foreignAdmin.session, HUAXIA.id), params: { id: c.id } });
    expectRefused(foreign, ErrorCode.NOT_FOUND, t('certs.notFound'));
  });
});
