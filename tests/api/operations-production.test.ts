import { describe, expect, test } from 'vitest';
import { expectOk, expectRefused, PATH } from '../setup/api';
import { PRODUCTION_ENV, startTestServer } from '../setup/server';
import { LOGIN, passwordLoginBody, postAs, uniqueIp } from '../setup/login';
import { DEMO_STUDENT } from '~/dev/seed/login';
import { DEMO_TENANT } from '~/dev/seed/demo-data';
import { createSchool, hasAnySchool } from '~/server/tenant/tenant.service';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * A production server never seeds the demo schools (their logins are published in the README);
 * an operator opens schools with `npm run school:create`, which calls createSchool.
 */
describe('a fresh production database', () => {
  test('gets no demo school: no tenant, the demo login and the demo pre-domain answer nothing', async () => {
    const prod = await startTestServer({ ...PRODUCTION_ENV }, { seed: false });
    try {
      expect(await hasAnySchool(prod.runtime.db)).toBe(false);
      expectRefused(
        await prod.get(PATH.tenantByPreDomain, { predomain: DEMO_TENANT.preDomain }, { tenant: null }),
        ErrorCode.TENANT_NOT_FOUND,
        t('tenant.notFound'),
      );
      const login = await postAs(prod, LOGIN.login, passwordLoginBody(DEMO_STUDENT.mobile, DEMO_STUDENT.password), { ip: uniqueIp() });
      expectRefused(login, ErrorCode.TENANT_NOT_FOUND, t('tenant.notFound'));
    } finally {
      await prod.close();
    }
  });

  test('no server seeds by itself, not even in development: the demo schools come from the development seed step', async () => {
    const dev = await startTestServer({ NODE_ENV: 'development' }, { seed: false });
    try {
      expect(await hasAnySchool(dev.runtime.db)).toBe(false);
    } finally {
      await dev.close();
    }
  });

  test('school:create opens a school found by its pre-domain and its own domain; bad or taken addresses change nothing', async () => {
    const prod = await startTestServer({ ...PRODUCTION_ENV }, { seed: false });
    try {
      const db = prod.runtime.db;
      const bad = await createSchool(db, { preDomain: 'Not Valid', name: '江', domains: ['https://x.cn'] }, prod.clock.value);
      expect(bad.ok).toBe(false);
      expect(!bad.ok && bad.problems).toHaveLength(3);
      expect(await hasAnySchool(db)).toBe(false);

      const made = await createSchool(db, { preDomain: 'jiangnan', name: '江南职业技能培训学院', domains: ['www.jn-edu.cn'] }, prod.clock.value);
      expect(made.ok).toBe(true);
      const summary = expectOk(await prod.get(PATH.tenantByPreDomain, { predomain: 'jiangnan' }, { tenant: null }));
      expect(summary).toMatchObject({ name: '江南职业技能培训学院' });
      const tenantId = made.ok ? made.tenant.id : '';
      expect(expectOk(await prod.get(PATH.schoolInfo, {}, { tenant: tenantId }))).toMatchObject({ universityName: '江南职业技能培训学院' });

      const again = await createSchool(db, { preDomain: 'jiangnan', name: '另一所学校', domains: ['www.jn-edu.cn'] }, prod.clock.value);
      expect(again).toEqual({ ok: false, problems: ['jiangnan: already used by another school', 'www.jn-edu.cn: already used by another school'] });
    } finally {
      await prod.close();
    }
  });
});
