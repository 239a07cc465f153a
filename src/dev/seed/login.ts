import { sql } from 'kysely';
import type { DB } from '~/server/db/database';
import { DAY } from '~/lib/time/cst';
import { newId } from '~/server/ids';
import { hashPassword } from '~/server/login/password';
import { DEMO_TENANT, SECOND_TENANT } from './demo-data';
import type { FeatureSeeder } from './seeder';

/**
 * Login demo rows: a student of the demo school with a known password (README "Demo accounts")
 * and enterprise invitation codes. Users are global, so a reset (which deletes the tenants) keeps
 * the student and only binds them again.
 */
export const DEMO_STUDENT = {
  mobile: '13900000001',
  username: 'demo_student',
  password: 'Demo2026',
  nickName: '演示学员',
  realName: '张晓明',
  tenantId: DEMO_TENANT.id,
} as const;

export interface InvitationSeed {
  code: string;
  enterpriseName: string;
  status: number;
  /** Days from the moment of seeding; null never expires. */
  expiresDays: number | null;
  maxUses: number | null;
}

export const INVITATION_SEED: Record<string, InvitationSeed[]> = {
  [DEMO_TENANT.id]: [
    { code: 'A1B2C3', enterpriseName: '江南智造科技有限公司', status: 1, expiresDays: null, maxUses: null },
    { code: 'ONCE01', enterpriseName: '金陵数字服务有限公司', status: 1, expiresDays: 30, maxUses: 1 },
    { code: 'EXP001', enterpriseName: '过期邀请示例企业', status: 1, expiresDays: -1, maxUses: null },
    { code: 'OFF001', enterpriseName: '停用邀请示例企业', status: 0, expiresDays: null, maxUses: null },
  ],
  [SECOND_TENANT.id]: [{ code: 'HX2026', enterpriseName: '华夏云端信息技术有限公司', status: 1, expiresDays: null, maxUses: null }],
};

export const seedLogin: FeatureSeeder = async (db: DB, tenant, now) => {
  const codes = INVITATION_SEED[tenant.id] ?? [];
  if (codes.length) {
    await db
      .insertInto('invitationCodes')
      .values(
        codes.map((c) => ({
          id: newId(now),
          tenantId: tenant.id,
          code: c.code,
          enterpriseName: c.enterpriseName,
          status: c.status,
          expiresAt: c.expiresDays === null ? null : now + c.expiresDays * DAY,
          maxUses: c.maxUses,
          usedCount: 0,
          createdAt: now - 10 * DAY,
        })),
      )
      .execute();
  }

  if (tenant.id !== DEMO_STUDENT.tenantId) return;
  let user = await db.selectFrom('users').select('id').where('mobile', '=', DEMO_STUDENT.mobile).executeTakeFirst();
  if (!user) {
    const id = newId(now);
    await db
      .insertInto('users')
      .values({
        id,
        mobile: DEMO_STUDENT.mobile,
        username: DEMO_STUDENT.username,
        passwordHash: await hashPassword(DEMO_STUDENT.password),
        passwordUpdatedAt: now,
        nickName: DEMO_STUDENT.nickName,
        realName: DEMO_STUDENT.realName,
        avatar: null,
        status: 1,
        createdAt: now - 30 * DAY,
        updatedAt: now,
      })
      .execute();
    user = { id };
  }
  await db
    .insertInto('userTenants')
    .values((eb) => ({
      tenantId: tenant.id,
      userId: user.id,
      studentId: newId(now),
      createdAt: now - 30 * DAY,
      // The school's next 学号, as identity's binding gives it (decision 078).
      studentNo: eb.selectFrom('userTenants').select(sql<number>`coalesce(max(student_no), 0) + 1`.as('next')).where('tenantId', '=', tenant.id),
    }))
    .onConflict((oc) => oc.columns(['tenantId', 'userId']).doNothing())
    .execute();
};
