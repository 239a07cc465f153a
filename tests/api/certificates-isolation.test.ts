import { describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../setup/api';
import { DEMO, HUAXIA, useTestServer, type Answer } from '../setup/server';
import {
  CAPTCHA_EXPIRED,
  SKILL,
  TRAINING,
  expectCaptchaRefused,
  expectNotFound,
  freshIp,
  postFrom,
  querySkill,
  queryTraining,
  seed,
  solvedCaptcha,
} from '../setup/certificates';
import { EMPTY_TENANT } from '~/dev/seed/demo-data';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const server = useTestServer();

const huaxiaSkill = seed.huaxia.skill.find((c) => c.certificateCode !== seed.demo.skill[0]!.certificateCode)!;
const huaxiaTraining = seed.huaxia.training[1]!;
/** The skill-level code seeded in both schools, with different holders. */
const shared = seed.demo.skill[0]!;
const sharedHuaxia = seed.huaxia.skill.find((c) => c.certificateCode === shared.certificateCode)!;

const byHost = (host: string) => ({ tenant: null, headers: { Host: host } });
const found = (answer: Answer) => {
  const data = expectOk<any>(answer);
  expect(data, answer.text).not.toBeNull();
  return data;
};

describe('tenant isolation of the certificate lookups', () => {
  test("a school's certificate is never found on another school's TenantId", async () => {
    expectNotFound(await querySkill(server(), { name: huaxiaSkill.name, certificateCode: huaxiaSkill.certificateCode }, { tenant: DEMO.id }));
    expectNotFound(
      await queryTraining(server(), { studentName: huaxiaTraining.studentName, certificateNum: huaxiaTraining.certificateNum }, { tenant: DEMO.id }),
    );
    expect(found(await querySkill(server(), { name: huaxiaSkill.name, certificateCode: huaxiaSkill.certificateCode }, { tenant: HUAXIA.id })).name).toBe(
      huaxiaSkill.name,
    );
    expect(
      found(await queryTraining(server(), { studentName: huaxiaTraining.studentName, certificateNum: huaxiaTraining.certificateNum }, { tenant: HUAXIA.id }))
        .agencyName,
    ).toBe('华夏数字云校');
    const demoTraining = seed.demo.training[1]!;
    expectNotFound(
      await queryTraining(server(), { studentName: demoTraining.studentName, certificateNum: demoTraining.certificateNum }, { tenant: HUAXIA.id }),
    );
  });

  test("a school's certificate is never found on another school's host", async () => {
    expectNotFound(await querySkill(server(), { name: huaxiaSkill.name, certificateCode: huaxiaSkill.certificateCode }, byHost('localhost:4321')));
    expect(
      found(await querySkill(server(), { name: huaxiaSkill.name, certificateCode: huaxiaSkill.certificateCode }, byHost('huaxia.localhost:4321')))
        .certificateCode,
    ).toBe(huaxiaSkill.certificateCode);
  });

  test('the same number in two schools gives each school its own holder', async () => {
    expect(found(await querySkill(server(), { name: shared.name, certificateCode: shared.certificateCode }, { tenant: DEMO.id })).professionName).toBe(
      shared.professionName,
    );
    expect(found(await querySkill(server(), { name: sharedHuaxia.name, certificateCode: shared.certificateCode }, { tenant: HUAXIA.id })).professionName).toBe(
      sharedHuaxia.professionName,
    );
    expectNotFound(await querySkill(server(), { name: sharedHuaxia.name, certificateCode: shared.certificateCode }, { tenant: DEMO.id }));
    expectNotFound(await querySkill(server(), { name: shared.name, certificateCode: shared.certificateCode }, { tenant: HUAXIA.id }));
  });

  test("a captcha of one school does not open another school's lookup", async () => {
    const ip = freshIp();
    const captcha = await solvedCaptcha(server(), { ip, tenant: DEMO.id });
    // Huaxia has no captcha under that key: it is dead there, whatever the certificate.
    expectCaptchaRefused(
      await postFrom(server(), SKILL, { ...captcha, name: huaxiaSkill.name, certificateCode: huaxiaSkill.certificateCode }, { ip, tenant: HUAXIA.id }),
      CAPTCHA_EXPIRED,
    );
  });

  test('the newly opened school has no certificates', async () => {
    const rows = await server().runtime.db.selectFrom('skillCertificates').select('id').where('tenantId', '=', EMPTY_TENANT.id).execute();
    expect(rows).toHaveLength(0);
    expectNotFound(await querySkill(server(), { name: shared.name, certificateCode: shared.certificateCode }, { tenant: EMPTY_TENANT.id }));
    expectNotFound(
      await queryTraining(
        server(),
        { studentName: seed.demo.training[0]!.studentName, certificateNum: seed.demo.training[0]!.certificateNum },
        byHost('xinkai.localhost'),
      ),
    );
  });

  test('an unknown school gets the tenant-not-found code', async () => {
    const answer = await postFrom(
      server(),
      TRAINING,
      { captchaKey: 'AAAAAAAAAAAAAAAA', captchaCode: '1234', studentName: '张三', certificateNum: 'A1' },
      byHost('nosuch.localhost'),
    );
    expectRefused(answer, ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
  });
});

describe('seeded certificates', () => {
  test('at least 20 of each kind across the demo and huaxia schools, holders of 2, 3 and 4 characters', async () => {
    const db = server().runtime.db;
    const skill = await db.selectFrom('skillCertificates').select(['tenantId', 'name', 'card']).execute();
    const training = await db.selectFrom('trainingCertificates').select(['tenantId', 'studentName']).execute();
    expect(skill.length).toBeGreaterThanOrEqual(20);
    expect(training.length).toBeGreaterThanOrEqual(20);
    for (const rows of [skill.map((r) => r.tenantId), training.map((r) => r.tenantId)]) {
      expect(new Set(rows)).toEqual(new Set([DEMO.id, HUAXIA.id]));
    }
    const lengths = new Set(skill.map((r) => Array.from(r.name).length));
    for (const n of [2, 3, 4]) expect(lengths).toContain(n);
    // Every resident ID number carries a valid check digit.
    for (const r of skill) expect(r.card).toBe(seed.idNumber(r.card.slice(0, 17)));
  });
});
