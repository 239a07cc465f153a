import { test, expect, expectNoSeriousA11yViolations, expectNoSidewaysScroll, hydrated } from './support/fixtures';
import { DESKTOP, confirm, makeStaff, signIn, type E2eStaff } from './support/staff';
import { newClass, newLearners } from './support/learning';
import { handIn } from '../setup/learning';
import { CLASSROOM_TYPE } from '../../src/lib/learning/codes';
import { ATTEMPT_STATUS } from '../../src/lib/exams/attempt-policy';
import { openDatabase } from '../../src/server/db/database';
import { DEMO_TENANT } from '../../src/dev/seed/demo-data';
import { newId } from '../../src/server/ids';
import { E2E_DB_FILE } from './support/env';
import { clearLookupCounts, fillQuery, idNumber } from './support/certificates';

/**
 * Certificates end to end: an administrator types a student's ID number on their page (shown masked
 * from then on), sets the school's number prefix, issues a certificate to the student, opens its
 * printable page, follows the link printed under its QR code and sees 有效; revokes it with a reason,
 * reissues it (补发) and sees the replaced link on the list and on the revoked one's verification page;
 * a tampered link shows 链接无效; a CSV file with bad rows shows the per-row report before and after
 * importing. Then the screen, the issuing dialog and the verification page at 375 px.
 */

const stamp = () => String(Date.now()).slice(-9);

/** A new student of the demo school with a real name a certificate can carry. */
async function learnerNamed(name: string) {
  const [learner] = await newLearners(DEMO_TENANT.id, 1);
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    await db.updateTable('users').set({ realName: name }).where('id', '=', learner!.userId).execute();
  } finally {
    await db.destroy();
  }
  return learner!;
}

/**
 * A class of its own taught by `teacher`, with a test and two named students who handed it in:
 * one scored 88, the other 45 (marked, one attempt each).
 */
async function classWithTest(teacher: E2eStaff) {
  const now = Date.now();
  const learners = await newLearners(DEMO_TENANT.id, 2);
  const names = [`高分${now % 1000}`, `低分${now % 1000}`].map((n) => n.replace(/\d/g, (d) => '零一二三四五六七八九'[Number(d)]!));
  const cls = await newClass({
    tenantId: DEMO_TENANT.id,
    now,
    name: `结业班-${now}`,
    courseName: '电工结业课程',
    lessons: [{ name: '结业测试', type: 7 }],
    duties: [],
    userIds: learners.map((l) => l.userId),
  });
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    for (const [i, l] of learners.entries()) await db.updateTable('users').set({ realName: names[i]! }).where('id', '=', l.userId).execute();
    await db
      .insertInto('classTeachers')
      .values({ id: newId(now), tenantId: DEMO_TENANT.id, classId: cls.classId, accountId: teacher.id, role: 'head', createdAt: now })
      .execute();
    const workId = newId(now);
    const classroomId = cls.lessons['结业测试']!;
    await db
      .insertInto('works')
      .values({
        id: workId,
        tenantId: DEMO_TENANT.id,
        classId: cls.classId,
        courseId: cls.courseId,
        classroomId,
        kind: 'test',
        paperId: null,
        externalPaperId: null,
        sourceType: null,
        title: '电工结业测试',
        description: null,
        unitTime: null,
        manualGrading: 0,
        partialMultiple: 0,
        createdAt: now,
        maxAttempts: 1,
        scoreRule: 'highest',
        marksShown: 'after_submit',
        keysShown: 'after_last_attempt',
        closesAt: null,
      })
      .execute();
    for (const [i, l] of learners.entries()) {
      await handIn(db, {
        tenantId: DEMO_TENANT.id,
        classId: cls.classId,
        courseId: cls.courseId,
        classroomId,
        classStudentId: cls.studentIds[l.userId]!,
        workType: CLASSROOM_TYPE.TEST,
        startedAt: now - 3_600_000,
        submittedAt: now - 1_800_000,
        status: ATTEMPT_STATUS.REVIEWED,
        score: i === 0 ? 88 : 45,
        workId,
      });
    }
  } finally {
    await db.destroy();
  }
  return { className: `结业班-${now}`, names };
}

test.describe('@desktop-only certificates on the staff side', () => {
  test.use({ viewport: DESKTOP });

  test('ID number on the record, the school prefix, issue, print, verify, revoke, reissue with the replaced link; a tampered link is refused', async ({
    page,
    consoleGuard,
  }) => {
    test.setTimeout(150_000);
    const admin = await makeStaff('admin');
    const holder = await learnerNamed('韩梅梅');
    await signIn(page, admin);

    // The student's record: the ID number is typed on the student's page and shown masked from then on.
    const id = idNumber(`32010219900101${stamp().slice(-3)}`);
    const masked = `${id.slice(0, 6)}********${id.slice(-4)}`;
    await page.goto(`/admin/students?id=${holder.userId}`);
    await hydrated(page.getByRole('heading', { level: 1, name: '韩梅梅' }));
    const idForm = page.getByRole('form', { name: '修改证件号码' });
    await idForm.getByLabel('新的证件号码（留空则清除）').fill(id);
    await idForm.getByRole('button', { name: '保存证件号码' }).click();
    await confirm(page);
    await expect(page.getByText(masked)).toBeVisible();
    await expect(page.getByText(id, { exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'the student page with the ID number');

    await page.goto('/admin/certificates');
    await hydrated(page.getByRole('heading', { level: 1, name: '证书管理' }));
    await expect(page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '证书管理' })).toHaveAttribute('aria-current', 'page');
    await expectNoSeriousA11yViolations(page, '/admin/certificates');

    // The school's own numbering: a prefix and the next number.
    const prefix = `E${stamp().slice(-7)}`;
    const numbering = page.getByRole('region', { name: '证书编号规则' });
    await expect(numbering.getByRole('status')).toContainText('下一张证书编号');
    await numbering.getByLabel('编号前缀').fill(prefix);
    await numbering.getByLabel('下一个序号').fill('1');
    await numbering.getByRole('button', { name: '保存编号规则' }).click();
    await expect(numbering.getByRole('status')).toHaveText(`下一张证书编号：${prefix}000001`);

    // Issue a skill-level certificate by hand to the student: the name and ID number come from the record.
    await page.getByRole('button', { name: '颁发证书' }).click();
    const dialog = page.getByRole('dialog', { name: '颁发证书' });
    await dialog.getByLabel('学员（姓名或手机号）').fill(holder.mobile);
    await dialog.getByRole('button', { name: '查找学员' }).click();
    await dialog.getByRole('button', { name: /^选择 韩梅梅/ }).click();
    await expect(dialog.getByRole('status')).toContainText(masked);
    await dialog.getByLabel('职业名称', { exact: true }).fill('电工');
    await dialog.getByLabel('等级', { exact: true }).fill('四级/中级工');
    await dialog.getByLabel('发证日期', { exact: true }).fill('2026-06-30');
    await expectNoSeriousA11yViolations(page, 'the issue dialog');
    await dialog.getByRole('button', { name: '颁发', exact: true }).click();
    const first = `${prefix}000001`;
    await expect(dialog.getByRole('status')).toHaveText(`证书已颁发：${first}`);

    // The printable page: the school, the fields with the masked ID number, the QR code and the address under it.
    await dialog.getByRole('link', { name: '打印韩梅梅的证书' }).click();
    await expect(page).toHaveURL(/\/admin\/certificates\/print\?kind=skill&id=\d+/);
    const certificate = page.getByRole('article', { name: '职业技能等级证书' });
    await expect(certificate).toContainText('韩梅梅');
    await expect(certificate).toContainText(first);
    await expect(certificate).toContainText(masked);
    await expect(certificate).not.toContainText(id);
    await expect(certificate).toContainText('韩梅梅经考核，达到“电工”四级/中级工的要求，特发此证。');
    await expect(certificate.getByRole('img', { name: '证书验证二维码' }).locator('svg')).toBeVisible();
    const link = certificate.getByRole('link', { name: /\/certificate\/verify\?/ });
    const verifyUrl = (await link.getAttribute('href'))!;
    expect(verifyUrl).toMatch(/^http:\/\/[^/]+\/certificate\/verify\?k=skill&c=\d+&s=[\w-]{43}$/);
    await expect(link).toHaveText(verifyUrl);
    await expectNoSeriousA11yViolations(page, 'the printable certificate');

    // The QR code's link: 有效, masked as the lookup masks it.
    await page.goto(verifyUrl);
    await expect(page.getByRole('heading', { level: 2, name: /^有效/ })).toBeVisible();
    await expect(page.getByText(masked)).toBeVisible();
    await expect(page.getByText(id, { exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'the verification page (valid)');

    // Revoke it with a reason.
    await page.goto('/admin/certificates');
    await hydrated(page.getByRole('heading', { level: 1, name: '证书管理' }));
    await page.getByLabel('搜索').fill('韩梅梅');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    const rows = page.getByRole('region', { name: '已颁发的证书' }).getByRole('row');
    const row = rows.filter({ hasText: first });
    await expect(row).toContainText('有效');
    await expect(row).toContainText(masked);
    await row.getByRole('button', { name: '撤销韩梅梅的证书' }).click();
    const revoke = page.getByRole('dialog', { name: '撤销证书' });
    await revoke.getByRole('button', { name: '确认撤销' }).click();
    await expect(revoke.getByLabel('撤销原因')).toHaveAccessibleDescription('请填写撤销原因');
    await revoke.getByLabel('撤销原因').fill('等级登记错误');
    await revoke.getByRole('button', { name: '确认撤销' }).click();
    await expect(row).toContainText('已撤销');
    await expect(row.getByRole('button', { name: '撤销韩梅梅的证书' })).toHaveCount(0);

    // 补发: the same student, the corrected level, the school's next number; it names the one it replaces.
    await row.getByRole('button', { name: '为韩梅梅补发证书' }).click();
    const reissue = page.getByRole('dialog', { name: '补发证书' });
    await expect(reissue).toContainText(`新证书将替代已撤销的证书 ${first}`);
    await expect(reissue.getByLabel('职业名称', { exact: true })).toHaveValue('电工');
    await reissue.getByLabel('等级', { exact: true }).fill('三级/高级工');
    await expectNoSeriousA11yViolations(page, 'the reissue dialog');
    await reissue.getByRole('button', { name: '颁发', exact: true }).click();
    const second = `${prefix}000002`;
    await expect(reissue.getByRole('status')).toContainText(`证书已颁发：${second}`);
    await expect(reissue.getByRole('status')).toContainText(`本证书替代已撤销的原证书（编号 ${first}）。`);
    await reissue.getByRole('button', { name: '关闭', exact: true }).filter({ hasText: '关闭' }).click();
    await page.getByLabel('搜索').fill('韩梅梅');
    await page.getByRole('button', { name: '查询', exact: true }).click();
    // Each row names the other: the new one what it replaces, the revoked one what replaced it (and offers no second 补发).
    const replacing = rows.filter({ hasText: `替代 ${first}` }).filter({ hasNotText: `已由 ${second}` });
    await expect(replacing).toContainText(second);
    await expect(replacing).toContainText(masked);
    const replaced = rows.filter({ hasText: `已由 ${second} 替代` });
    await expect(replaced).toContainText(first);
    await expect(replaced).toContainText('已撤销');
    await expect(replaced.getByRole('button', { name: '为韩梅梅补发证书' })).toHaveCount(0);

    // The revoked certificate's link says 已撤销 and which number replaced it.
    await page.goto(verifyUrl);
    await expect(page.getByRole('heading', { level: 2, name: /^已撤销/ })).toBeVisible();
    await expect(page.getByText('撤销原因：等级登记错误')).toBeVisible();
    await expect(page.getByText(`此证书已由新证书（编号 ${second}）替代，请以新证书为准。`)).toBeVisible();

    // The public lookup finds it and shows it as revoked, not as valid.
    await clearLookupCounts();
    await page.goto('/query_pc');
    await fillQuery(page, '韩梅梅', first);
    await page.getByRole('button', { name: '查询', exact: true }).click();
    await expect(page.getByRole('heading', { name: /查询结果/ })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '已撤销' })).toContainText('撤销原因：等级登记错误');

    // A tampered link: one character of the signature changed.
    const sig = new URL(verifyUrl).searchParams.get('s')!;
    const tampered = verifyUrl.replace(`s=${sig}`, `s=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`);
    consoleGuard.allowFailedResource(tampered, 404);
    await page.goto(tampered);
    await expect(page.getByRole('heading', { level: 2, name: '链接无效' })).toBeVisible();
    await expect(page.getByText('韩梅梅')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'the verification page (refused)');

    // The printable page of the revoked certificate says so across the page.
    await page.goto(`/admin/certificates/print?kind=skill&id=${new URL(verifyUrl).searchParams.get('c')}`);
    await expect(page.getByRole('alert')).toContainText('请勿作为有效证书使用');
  });

  test('a CSV file with bad rows: the report before and after importing', async ({ page }) => {
    const admin = await makeStaff('admin');
    await signIn(page, admin);
    await page.goto('/admin/certificates');
    await hydrated(page.getByRole('heading', { level: 1, name: '证书管理' }));
    const good = `CSV-${stamp()}`;
    const csv = [
      '证书类型,姓名,证件类型,证件号码,手机号码,证书编号,职业名称,工种,等级,发证日期,培训项目,培训机构,开始日期,结束日期',
      `培训结业证书,李雷,居民身份证,${idNumber('11010519900307123')},,${good},,,,,电工培训班,江南培训中心,2026-03-01,2026-06-30`,
      `职业技能等级证书,王五,居民身份证,110105199003071230,,${good}-B,电工,,四级,2026-06-30,,,,`,
      `结业证,赵六,居民身份证,${idNumber('11010519900307123')},,${good}-C,电工,,四级,2026-06-30,,,,`,
    ].join('\r\n');
    const section = page.getByRole('region', { name: '批量导入证书' });
    await section
      .getByLabel('选择 CSV 文件')
      .setInputFiles({ name: 'certificates.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}\r\n`, 'utf8') });
    await section.getByRole('button', { name: '检查文件' }).click();
    await expect(section.getByRole('status')).toHaveText('检查结果（尚未导入）：新增 1 张，已存在 0 张，未导入 2 张');
    const report = section.getByRole('region', { name: '检查结果（尚未导入）' }).getByRole('row');
    await expect(report).toHaveCount(4);
    await expect(report.nth(1)).toContainText('将新增');
    await expect(report.nth(2)).toContainText('证件号码不正确');
    await expect(report.nth(3)).toContainText('证书类型只能是“职业技能等级证书”或“培训结业证书”');
    await expectNoSeriousA11yViolations(page, 'the import report');
    await section.getByRole('button', { name: '确认导入' }).click();
    await expect(section.getByRole('status')).toHaveText('导入结果：新增 1 张，已存在 0 张，未导入 2 张');
    // The imported certificate is in the list.
    await page.getByLabel('搜索').fill(good);
    await page.getByRole('button', { name: '查询', exact: true }).click();
    const rows = page.getByRole('region', { name: '已颁发的证书' }).getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('李雷');
  });
});

test.describe('@desktop-only certificates for a pass in a test', () => {
  test.use({ viewport: DESKTOP });

  test('a teacher sees only 按考试成绩发证, previews, issues once; a second run gives nobody a second', async ({ page }) => {
    const teacher = await makeStaff('teacher');
    const { className, names } = await classWithTest(teacher);
    await signIn(page, teacher);
    await page.goto('/admin/certificates');
    await hydrated(page.getByRole('heading', { level: 1, name: '证书管理' }));
    // The register is the administrators': a teacher has no list, no issuing by hand, no import.
    await expect(page.getByRole('region', { name: '证书列表' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: '批量导入证书' })).toHaveCount(0);
    const section = page.getByRole('region', { name: '按考试成绩发证' });
    await section.getByLabel('班级').selectOption({ label: className });
    await expect(section.getByLabel('测试')).toHaveValue(/\d+/);
    await expect(section.getByLabel('测试').locator('option:checked')).toHaveText('电工结业测试');
    await section.getByLabel('最低分').fill('60');
    await section.getByRole('button', { name: '预览名单' }).click();
    await expect(section.getByRole('status')).toHaveText('预览（尚未发证）：颁发 1 张，已有证书 0 人，未达条件 1 人');
    const preview = section.getByRole('region', { name: '预览（尚未发证）' }).getByRole('row');
    await expect(preview.filter({ hasText: names[0]! })).toContainText('将颁发');
    await expect(preview.filter({ hasText: names[1]! })).toContainText('未达最低分');
    await expectNoSeriousA11yViolations(page, 'the pass preview');
    await section.getByRole('button', { name: '确认发证' }).click();
    await expect(section.getByRole('status')).toHaveText('发证结果：颁发 1 张，已有证书 0 人，未达条件 1 人');
    const issued = section.getByRole('region', { name: '发证结果' }).getByRole('row').filter({ hasText: names[0]! });
    await expect(issued).toContainText(/[0-9A-Za-z-]+\d{6}/);
    // Again: nobody gets a second one.
    await section.getByRole('button', { name: '预览名单' }).click();
    await expect(section.getByRole('status')).toHaveText('预览（尚未发证）：颁发 0 张，已有证书 1 人，未达条件 1 人');
  });
});

test.describe('@mobile-only certificates at 375 px', () => {
  test('the screen and the verification page fit, axe finds nothing serious', async ({ page, consoleGuard }) => {
    const admin = await makeStaff('admin');
    await signIn(page, admin);
    await page.goto('/admin/certificates');
    await hydrated(page.getByRole('heading', { level: 1, name: '证书管理' }));
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('加载中…')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, '/admin/certificates (375)');
    await page.getByRole('button', { name: '颁发证书' }).click();
    await expect(page.getByRole('dialog', { name: '颁发证书' }).getByLabel('学员（姓名或手机号）')).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, 'the issue dialog (375)');
    await page.keyboard.press('Escape');
    const refused = '/certificate/verify?k=skill&c=1&s=x';
    consoleGuard.allowFailedResource(refused, 404);
    await page.goto(refused);
    await expect(page.getByRole('heading', { level: 2, name: '链接无效' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yViolations(page, '/certificate/verify (375)');
  });
});
