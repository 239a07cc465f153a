import { describe, expect, test } from 'vitest';
import { expectOk, expectRefused } from '../setup/api';
import { DEMO, HUAXIA, useTestServer } from '../setup/server';
import { LOGIN, codeLogin, getAs, postAs, uniqueMobile } from '../setup/login';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

const server = useTestServer();
const INVALID = '邀请码无效或已过期';

const check = (qrCode: unknown, tenant: string = DEMO.id) => postAs(server(), LOGIN.checkInvitation, { qrCode, userId: '0' }, { tenant });
const join = (token: string, body: Record<string, unknown>, tenant: string = DEMO.id) => postAs(server(), LOGIN.joinByInvitation, body, { token, tenant });

describe('enterprise invitation: two calls', () => {
  test('the flow: check with userId 0 gives tenantId; log in (E_PC, nickName); bind; join', async () => {
    const first = expectOk(await check('A1B2C3'));
    expect(first).toEqual({ tenantId: DEMO.id, enterpriseName: '江南智造科技有限公司' });

    const u = await codeLogin(server(), uniqueMobile(), first.tenantId, { nickName: '赵工', bizType: 'E_PC' });
    expectOk(await postAs(server(), LOGIN.bind, { tenantId: first.tenantId, userId: u.userId }, { token: u.token }));
    const answer = await join(u.token, { qrCode: 'A1B2C3', tenantId: first.tenantId, userId: u.userId, enterpriseName: '江南智造' });
    const joined = expectOk(answer);
    expect(answer.body.message).toBe('操作成功');
    expect(joined).toMatchObject({ tenantId: DEMO.id, enterpriseName: '江南智造科技有限公司' });
    expect(joined.studentId).toMatch(/^\d+$/);
    const rows = await server().runtime.db.selectFrom('invitationJoins').selectAll().where('userId', '=', u.userId).execute();
    expect(rows).toEqual([expect.objectContaining({ tenantId: DEMO.id, enterpriseName: '江南智造' })]);

    // Joining again is fine and uses nothing up.
    const before = await server().runtime.db.selectFrom('invitationCodes').select('usedCount').where('code', '=', 'A1B2C3').executeTakeFirstOrThrow();
    expectOk(await join(u.token, { qrCode: 'A1B2C3', tenantId: DEMO.id, userId: u.userId }));
    const after = await server().runtime.db.selectFrom('invitationCodes').select('usedCount').where('code', '=', 'A1B2C3').executeTakeFirstOrThrow();
    expect(after.usedCount).toBe(before.usedCount);
  });

  test('getDefTenantByQrCode answers the school of a code', async () => {
    const data = expectOk(await getAs(server(), LOGIN.defTenant, { qrCode: 'a1b2c3', userId: '0' }));
    expect(data).toEqual({ tenantId: DEMO.id, tenantName: '江南职业技能培训学院', enterpriseName: '江南智造科技有限公司' });
  });

  test('codes are case-insensitive', async () => {
    expect(expectOk(await check('a1b2c3')).tenantId).toBe(DEMO.id);
  });

  test.each([
    ['unknown', 'ZZZZZZ'],
    ['expired', 'EXP001'],
    ['disabled', 'OFF001'],
  ])('an %s code gets the one message', async (_label, code) => {
    const answer = await check(code);
    expectRefused(answer, ErrorCode.BAD_REQUEST, t('register.invitationInvalid'));
  });

  test("another school's code is invalid here, the same message as a made-up one (tenant isolation)", async () => {
    const here = await check('HX2026', DEMO.id);
    expectRefused(here, ErrorCode.BAD_REQUEST, t('register.invitationInvalid'));
    expect(expectOk(await check('HX2026', HUAXIA.id)).tenantId).toBe(HUAXIA.id);
    // Nor can it be joined with a demo token.
    const u = await codeLogin(server());
    expectRefused(await join(u.token, { qrCode: 'HX2026', tenantId: DEMO.id, userId: u.userId }), ErrorCode.BAD_REQUEST, t('register.invitationInvalid'));
  });

  test('a code with one use: the second person is refused', async () => {
    const a = await codeLogin(server());
    const b = await codeLogin(server());
    expectOk(await join(a.token, { qrCode: 'ONCE01', tenantId: DEMO.id, userId: a.userId }));
    const second = await join(b.token, { qrCode: 'ONCE01', tenantId: DEMO.id, userId: b.userId });
    expectRefused(second, ErrorCode.BAD_REQUEST, t('register.invitationInvalid'));
    expectRefused(await check('ONCE01'), ErrorCode.BAD_REQUEST, t('register.invitationInvalid'));
  });

  test('joining needs a token, for oneself, for the token’s school', async () => {
    const a = await codeLogin(server());
    const b = await codeLogin(server());
    expectRefused(
      await postAs(server(), LOGIN.joinByInvitation, { qrCode: 'A1B2C3', tenantId: DEMO.id, userId: a.userId }),
      ErrorCode.TOKEN_INVALID,
      t('identity.tokenInvalid'),
    );
    expectRefused(await join(a.token, { qrCode: 'A1B2C3', tenantId: DEMO.id, userId: b.userId }), ErrorCode.FORBIDDEN, t('login.notSelf'));
    expectRefused(await join(a.token, { qrCode: 'A1B2C3', tenantId: HUAXIA.id, userId: a.userId }), ErrorCode.TOKEN_FOREIGN, t('identity.tokenForeign'));
    expect(await server().runtime.db.selectFrom('invitationJoins').select('userId').where('userId', 'in', [a.userId, b.userId]).execute()).toEqual([]);
  });

  test.each([
    [{}, t('register.invitationCodeRequired')],
    [{ qrCode: '' }, t('register.invitationCodeRequired')],
    [{ qrCode: 'A1B2C3D' }, t('register.invitationCodeTooLong')],
    [{ qrCode: "A1'--" }, INVALID],
    [{ qrCode: 123 }, INVALID],
  ])('bad input %j is refused: %s', async (body, message) => {
    const answer = await postAs(server(), LOGIN.checkInvitation, body);
    expectRefused(answer, ErrorCode.BAD_REQUEST, message);
  });
});
