import type { Page } from '@playwright/test';
import { openDatabase } from '../../src/server/db/database';
import { DEMO_TENANT } from '../../src/dev/seed/demo-data';
import { idNumber } from '../../src/dev/seed/certificates';
import { FIRST_MARK_REVISION } from '../../src/lib/exams/marking';
import { PUBLICATION } from '../../src/lib/status';
import { test, expect, expectNoSeriousA11yViolations, hydrated } from './support/fixtures';
import { DESKTOP, authenticator, makeStaff, signIn, signInWithForm, signInForm, signedInContext, staffWrite } from './support/staff';
import { E2E_DB_FILE } from './support/env';
import { newLearners } from './support/learning';
import { answerUrl, cell, enrolNewStudent, openAnswering, workPlace } from './support/exams';

/** My account and the audit log at an office desktop's width. */
test.use({ viewport: DESKTOP });

const WINDOWS_CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

test.describe('@desktop-only my account', () => {
  test('my devices: listed, one signed out from here, then all the others', async ({ page, browser }) => {
    const me = await makeStaff('teacher');
    const first = await signedInContext(browser, me, WINDOWS_CHROME);
    const second = await signedInContext(browser, me, WINDOWS_CHROME);
    await signInWithForm(page, me);
    await page.goto('/admin/account');
    const devices = page.getByRole('region', { name: '登录设备' });
    await expect(devices.getByRole('row')).toHaveCount(4);
    await expect(devices.getByRole('row').filter({ hasText: '当前设备' })).toHaveCount(1);
    await expect(devices.getByRole('row').filter({ hasText: 'Chrome · Windows' })).toHaveCount(2);
    await expectNoSeriousA11yViolations(page, 'my account');

    const firstRow = devices.getByRole('row').filter({ hasText: 'Chrome · Windows' }).first();
    await hydrated(firstRow.getByRole('button', { name: '退出该设备' }));
    await firstRow.getByRole('button', { name: '退出该设备' }).click();
    await expect(page.locator('#toast-region')).toContainText('已退出该设备');
    await expect(devices.getByRole('row')).toHaveCount(3);

    await devices.getByRole('button', { name: '退出其他所有设备' }).click();
    await expect(page.locator('#toast-region')).toContainText('已退出其他 1 个设备');
    await expect(devices.getByRole('row')).toHaveCount(2);
    for (const device of [first, second]) {
      await device.page.goto('/admin');
      await expect(device.page).toHaveURL(/\/admin\/login/);
      await device.context.close();
    }
  });

  test('a new password needs the current one and signs my other devices out', async ({ page, browser }) => {
    const me = await makeStaff('editor');
    const elsewhere = await signedInContext(browser, me);
    await signInWithForm(page, me);
    await page.goto('/admin/account');
    const section = page.getByRole('region', { name: '修改密码' });
    await hydrated(section.getByRole('button', { name: '修改密码' }));
    await section.getByLabel('当前密码').fill('Wrong2026');
    await section.getByLabel('新密码', { exact: true }).fill('Another2027');
    await section.getByLabel('再次输入新密码').fill('Another2027');
    await section.getByRole('button', { name: '修改密码' }).click();
    await expect(section.getByRole('alert')).toHaveText('当前密码不正确');
    await section.getByLabel('当前密码').fill(me.password);
    await section.getByRole('button', { name: '修改密码' }).click();
    await expect(page.locator('#toast-region')).toContainText('密码已修改，其他设备上的登录已退出');
    await elsewhere.page.goto('/admin');
    await expect(elsewhere.page).toHaveURL(/\/admin\/login/);
    const form = await signInForm(elsewhere.page);
    await form.getByLabel('手机号', { exact: true }).fill(me.mobile);
    await form.getByLabel('密码', { exact: true }).fill('Another2027');
    await form.getByRole('button', { name: '登录', exact: true }).click();
    await expect(elsewhere.page).toHaveURL(/\/admin$/);
    await elsewhere.context.close();
  });

  test('the second factor is turned off with the password and a current code', async ({ page }) => {
    const me = await makeStaff('editor');
    await signInWithForm(page, me);
    await page.goto('/admin/account');
    const section = page.getByRole('region', { name: '两步验证' });
    await hydrated(section.getByRole('button', { name: '开启两步验证' }));
    await section.getByRole('button', { name: '开启两步验证' }).click();
    const phone = authenticator(((await section.locator('[data-totp-secret]').textContent()) ?? '').replace(/\s+/g, ''));
    await expectNoSeriousA11yViolations(page, 'my account, second factor set-up');
    await section.getByLabel('动态验证码').fill(await phone.code());
    await section.getByRole('button', { name: '确认开启' }).click();
    await expect(section.getByText('已开启：登录时需输入身份验证器上的动态验证码。')).toBeVisible();

    await section.getByLabel('当前密码').fill(me.password);
    await section.getByLabel('动态验证码').fill('000000');
    await section.getByRole('button', { name: '关闭两步验证' }).click();
    await expect(section.getByRole('alert')).toHaveText('动态验证码不正确或已使用，请输入验证器上的新验证码');
    await section.getByLabel('动态验证码').fill(await phone.code());
    await section.getByRole('button', { name: '关闭两步验证' }).click();
    await expect(section.getByText('未开启：', { exact: false })).toBeVisible();
    await expect(section.getByRole('button', { name: '开启两步验证' })).toBeVisible();
  });
});

test.describe('@desktop-only the audit log', () => {
  test('an administrator sees every action with what changed, filters by action and person, pages through', async ({ page }) => {
    const admin = await makeStaff('admin');
    const target = await makeStaff('editor');
    await signInWithForm(page, admin);
    // Three role changes and a sign-in of this administrator: at least four entries of theirs.
    await page.goto('/admin/accounts');
    const select = page.getByRole('combobox', { name: `${target.name}的角色` });
    await hydrated(select);
    for (const label of ['任课教师', '内容编辑', '任课教师']) {
      await select.selectOption({ label });
      await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click();
      await expect(page.locator('#toast-region')).toContainText('已保存');
      await expect(page.locator('#toast-region')).toBeEmpty();
    }

    await page.getByRole('navigation', { name: '后台导航' }).getByRole('link', { name: '操作日志' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '操作日志' })).toBeVisible();
    const log = page.getByRole('region', { name: '操作日志' }).last();
    const filters = page.getByRole('region', { name: '筛选' });
    await hydrated(filters.getByRole('button', { name: '查询' }));
    await filters.getByLabel('操作人').selectOption({ label: `${admin.name}（${admin.mobile}）` });
    await filters.getByLabel('操作', { exact: true }).selectOption({ label: '修改角色' });
    await filters.getByRole('button', { name: '查询' }).click();
    await expect(page.getByText('共 3 条')).toBeVisible();
    const rows = log.getByRole('row').filter({ hasText: `修改了账号「${target.name}」的角色` });
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText('角色：内容编辑 → 任课教师');
    await expect(rows.first()).toContainText(admin.name);
    await expectNoSeriousA11yViolations(page, 'audit log');

    await filters.getByRole('button', { name: '重置' }).click();
    await expect(page.getByText(/^共 \d+ 条$/)).toBeVisible();
    const pager = page.getByRole('navigation', { name: '分页' });
    await expect(pager.getByText(/^第 1 \/ \d+ 页$/)).toBeVisible();
    if (await pager.getByRole('button', { name: '下一页' }).isEnabled()) {
      await pager.getByRole('button', { name: '下一页' }).click();
      await expect(pager.getByText(/^第 2 \/ \d+ 页$/)).toBeVisible();
    }
  });
});

async function withDb<T>(run: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const { db } = await openDatabase({ url: `file:./${E2E_DB_FILE}` });
  try {
    return await run(db);
  } finally {
    await db.destroy();
  }
}

/** A new named student of class A hands in the manually graded midterm with the short answer written; the attempt's id. */
async function handInMidterm(page: Page, name: string): Promise<{ attemptId: string; workId: string }> {
  const mobile = await enrolNewStudent();
  await withDb((db) => db.updateTable('users').set({ realName: name }).where('mobile', '=', mobile).execute());
  const p = await workPlace(page, '期中测验', mobile);
  await openAnswering(page, answerUrl(p), '期中测验');
  await cell(page, '简答题', 1).click();
  await page.getByRole('textbox', { name: '作答内容' }).fill('按下启动按钮，接触器得电自锁。');
  await expect(cell(page, '简答题', 1)).toHaveAccessibleName(/已保存/);
  await page.getByRole('button', { name: '交卷' }).click();
  await page.getByRole('dialog', { name: '交卷确认' }).getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '测验已完成' })).toBeVisible();
  const attempt = await withDb((db) =>
    db
      .selectFrom('workAttempts')
      .select('id')
      .where('workId', '=', p.workId)
      .where('classStudentId', 'in', db.selectFrom('classStudents').select('id').where('userId', '=', p.userId).where('classId', '=', p.classId))
      .executeTakeFirstOrThrow(),
  );
  return { attemptId: attempt.id, workId: p.workId };
}

/** Marks the attempt's short answer from the signed-in staff page, as the marking screen does. */
async function markShortAnswer(page: Page, attemptId: string) {
  const marks = await page.evaluate(async (id) => (await (await fetch(`/api/admin/marking/attempt?attemptId=${id}`)).json()).data.marks, attemptId);
  const short = (marks as { questionId: string; auto: number | null }[]).find((m) => m.auto === null)!;
  const saved = await staffWrite(page, '/admin/marking/mark', {
    attemptId,
    questionId: short.questionId,
    score: 30,
    comment: '',
    revision: FIRST_MARK_REVISION,
  });
  expect(saved.code).toBe(0);
}

// The sentences are the same at any width; the audit log at 375 px is admin-mobile.spec.ts's.
test.describe('@desktop-only the audit log in words', () => {
  test('revoking a certificate, creating a FAQ and marking a paper read as sentences naming the things, each a working link', async ({
    page,
    browser,
  }, info) => {
    test.setTimeout(120_000);
    const tag = `${Date.now() % 1_000_000}${info.project.name === 'mobile' ? 'm' : 'd'}`;
    const student = `日志学员${tag}`;
    const { attemptId, workId } = await handInMidterm(page, student);

    const admin = await makeStaff('admin', `日志管理员${tag}`);
    const context = await browser.newContext({ viewport: info.project.name === 'mobile' ? { width: 375, height: 812 } : DESKTOP });
    const staff = await context.newPage();
    await signIn(staff, admin);
    // A holder's name: at most 8 Chinese characters.
    const holder = `证书人${[...tag.slice(-5)].map((c) => '〇一二三四五六七八九'[Number(c)] ?? (c === 'm' ? '乙' : '甲')).join('')}`;
    // Issued by hand to a school student: the name and the 证件号码 come from the student's record.
    const [person] = await newLearners(DEMO_TENANT.id, 1);
    expect((await staffWrite(staff, `/admin/students/${person!.userId}/save`, { name: holder, mobile: person!.mobile })).code).toBe(0);
    const card = idNumber(`11010519900101${String(Date.now() % 1000).padStart(3, '0')}`);
    expect((await staffWrite(staff, `/admin/students/${person!.userId}/idNumber`, { idNumber: card })).code).toBe(0);
    const cert = await staffWrite(staff, '/admin/certificates/issue', {
      kind: 'skill',
      studentId: person!.userId,
      professionName: '电工上岗证',
      typeOfWorkName: '维修电工',
      level: '四级/中级工',
      sendDate: '2026-06-30',
    });
    expect(cert.code, JSON.stringify(cert)).toBe(0);
    expect((await staffWrite(staff, `/admin/certificates/${cert.data.id}/revoke`, { kind: 'skill', reason: '信息有误' })).code).toBe(0);
    const majorId = await withDb(
      async (db) =>
        (
          await db
            .selectFrom('hotMajors')
            .select('id')
            .where('tenantId', '=', DEMO_TENANT.id)
            .where('state', '=', PUBLICATION.PUBLISHED)
            .executeTakeFirstOrThrow()
        ).id,
    );
    const question = `日志问题${tag}可以分期吗？`;
    const faq = await staffWrite(staff, '/admin/catalog/questions/save', { majorId, name: question, answer: '<p>可以</p>', seq: 1, state: PUBLICATION.DRAFT });
    expect(faq.code).toBe(0);
    await markShortAnswer(staff, attemptId);

    const log = staff.getByRole('region', { name: '操作日志' }).last();
    /** The log of this administrator's actions, of one kind of thing or all. */
    const show = async (kind?: string) => {
      await staff.goto('/admin/audit');
      const filters = staff.getByRole('region', { name: '筛选' });
      await hydrated(filters.getByRole('button', { name: '查询' }));
      await filters.getByLabel('操作人').selectOption({ label: `${admin.name}（${admin.mobile}）` });
      if (kind) await filters.getByLabel('对象类型').selectOption({ label: kind });
      await filters.getByRole('button', { name: '查询' }).click();
    };
    await show();
    const who = `${admin.name}（学校管理员）`;
    await expect(log.getByText(`${who}撤销了职业技能等级证书「${holder} · 电工上岗证」`)).toBeVisible();
    await expect(log.getByText(`${who}新建了常见问题「${question}」`)).toBeVisible();
    await expect(log.getByText(`${who}批阅了作业测验作答「${student} · 期中测验」`)).toBeVisible();
    await expect(log.getByText('证书状态：有效 → 已撤销')).toBeVisible();
    await expect(log.getByText('状态：草稿').first()).toBeVisible();
    await expect(log).not.toContainText('[object Object]');
    await expect(log).not.toContainText(/\d{26}/);
    await expectNoSeriousA11yViolations(staff, 'audit log in words');

    // The kind of thing filters; each thing links to its screen.
    await show('常见问题');
    await expect(staff.getByText('共 1 条')).toBeVisible();
    await log.getByRole('link', { name: `常见问题「${question}」` }).click();
    await expect(staff).toHaveURL(new RegExp(`/admin/catalog/questions\\?id=${faq.data.id}$`));
    await expect(staff.getByRole('dialog', { name: `编辑：${question}` })).toBeVisible();

    await show('职业技能等级证书');
    await expect(staff.getByText('共 2 条')).toBeVisible();
    await log
      .getByRole('link', { name: `职业技能等级证书「${holder} · 电工上岗证」` })
      .first()
      .click();
    await expect(staff).toHaveURL(new RegExp(`/admin/certificates/print\\?kind=skill&id=${cert.data.id}$`));
    await expect(staff.getByText(holder).first()).toBeVisible();

    await show('作业测验作答');
    await log.getByRole('link', { name: `作业测验作答「${student} · 期中测验」` }).click();
    await expect(staff).toHaveURL(new RegExp(`/admin/marking\\?work=${workId}$`));
    await context.close();
  });
});
