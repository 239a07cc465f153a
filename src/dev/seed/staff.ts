import type { DB } from '~/server/db/database';
import { STAFF_ROLE, type StaffRole } from '~/lib/staff/roles';
import { createStaffAccount } from '~/server/staff/accounts/accounts.service';
import { DEMO_TENANT, SECOND_TENANT } from './demo-data';
import { CLASS_TEACHER_ROLE } from '~/lib/learning/class-admin';
import { seedClassTeacher } from '~/server/learning/classes/classes.admin.service';
import { LEARNING_CLASSES } from './learning-data';
import type { FeatureSeeder } from './seeder';

/**
 * Demo staff (README "Demo accounts"): one of each role on the demo school and an administrator on
 * 华夏数字云校, all with the password below. Seeded with the demo schools, which only happens in
 * development mode or on `npm run db:seed`; a production portal never gets them.
 */
export const DEMO_STAFF_PASSWORD = 'Staff2026';
/**
 * scrypt of DEMO_STAFF_PASSWORD, made once with hashPassword (a fresh hash per seed would cost
 * every test server a third of a second; tests/unit/staff-rules.test.ts checks that it matches).
 */
export const DEMO_STAFF_HASH = 'scrypt$16384$8$1$oWD_7TqyDt7daedbvT-ubw$14fjwJWvyUUfPjIy_qLIaKkZZ1UBUFTn1uW-EZE31IWZqigCO1n7XNQ9VXccHRR0qbeOaIFopNo7F5LO1tIcjQ';

export interface StaffSeed {
  id: string;
  mobile: string;
  name: string;
  role: StaffRole;
}

export const DEMO_STAFF: Record<string, readonly StaffSeed[]> = {
  [DEMO_TENANT.id]: [
    { id: '1000000000000000101', mobile: '13700000001', name: '陈文静', role: STAFF_ROLE.admin },
    { id: '1000000000000000102', mobile: '13700000002', name: '林晓雯', role: STAFF_ROLE.editor },
    { id: '1000000000000000103', mobile: '13700000003', name: '王建华', role: STAFF_ROLE.teacher },
  ],
  [SECOND_TENANT.id]: [{ id: '1000000000000000111', mobile: '13700000011', name: '赵华', role: STAFF_ROLE.admin }],
};

export const seedStaff: FeatureSeeder = async (db: DB, tenant, now) => {
  for (const staff of DEMO_STAFF[tenant.id] ?? []) {
    await createStaffAccount(db, { ...staff, tenantId: tenant.id, passwordHash: DEMO_STAFF_HASH, now });
  }
  // The demo teacher is the head teacher (班主任) of the demo student's class A, whose cards name them.
  const classA = LEARNING_CLASSES[tenant.id]?.find((c) => c.key === 'A');
  const teacher = DEMO_STAFF[tenant.id]?.find((x) => x.role === STAFF_ROLE.teacher);
  if (classA && teacher) {
    await seedClassTeacher(db, { tenantId: tenant.id, className: classA.name, accountId: teacher.id, role: CLASS_TEACHER_ROLE.head, now });
  }
};
