import type { DB } from '../db/database';

/**
 * The school students certificates are issued to (decision 078): their name, mobile, 学号 and the
 * 证件号码 on their record, read from the identity domain's tables for issuing (copied onto the
 * certificate) and for the list's 学号. Every query names the school.
 * @public (the architecture test reads it: tests/support/architecture.ts)
 */
export const READS = ['userTenants', 'users'] as const;

export interface Holder {
  userId: string;
  name: string;
  mobile: string;
  studentNo: number | null;
  idNumber: string | null;
}

export async function holdersOf(db: DB, tenantId: string, userIds: readonly string[]): Promise<Map<string, Holder>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('userTenants as ut')
    .innerJoin('users as u', 'u.id', 'ut.userId')
    .select(['ut.userId', 'u.realName', 'u.nickName', 'u.mobile', 'ut.studentNo', 'ut.idNumber'])
    .where('ut.tenantId', '=', tenantId)
    .where('ut.userId', 'in', [...new Set(userIds)])
    .execute();
  return new Map(
    rows.map((r) => [
      r.userId,
      {
        userId: r.userId,
        name: r.realName || r.nickName || '',
        mobile: r.mobile,
        studentNo: r.studentNo === null ? null : Number(r.studentNo),
        idNumber: r.idNumber,
      },
    ]),
  );
}
