import { test, expect } from './support/fixtures';
import { activityOf, answerUrl, cell, newStudent, openAnswering, workPlace, dialog } from './support/exams';

/**
 * A test opened from an activity of the class page reports the activity's duty when it is handed in. The activity is
 * the one the demo seed lays out on the day after it seeded (ACTIVITY_WORKS, src/dev/seed/exams-data.ts). With the seed
 * laid out a day back the page answered 未找到该活动，或该活动不属于此班级 for the new student: this spec reads the
 * seed's day and runs in the day-sensitive projects (TODAY_SPECS in playwright.config.ts, decision 090).
 */

const TEST = '第一章单元测验';

test.describe('in an activity', () => {
  test('the submission reports the activity duty (SUBMIT, finStatus 2, realValue 1, the device time) @desktop-only', async ({ page }) => {
    const p = await workPlace(page, TEST, newStudent());
    const activity = await activityOf(p);
    await openAnswering(page, answerUrl(p, `&activityId=${activity.id}${activity.bizType ? `&bizType=${activity.bizType}` : ''}`), TEST);
    await cell(page, '判断题', 1).click();
    await page.getByRole('radio', { name: /正确/ }).check();
    // The page leaves as soon as the report is answered: the answer is read on its way through.
    const duty = new Promise<{ sent: unknown; answer: { data: unknown } }>(
      (resolve) =>
        void page.route('**/api/teaching/anyone/work/duty', async (route) => {
          const response = await route.fetch();
          resolve({ sent: route.request().postDataJSON(), answer: await response.json() });
          await route.fulfill({ response });
        }),
    );
    await page.getByRole('button', { name: '交卷' }).click();
    await dialog(page, '交卷确认').getByRole('button', { name: '确定' }).click();
    const { sent, answer } = await duty;
    expect(sent).toMatchObject({
      activityId: activity.id,
      bizId: p.classId,
      contentId: p.classroomId,
      dutyType: 'SUBMIT',
      finStatus: 2,
      realValue: 1,
      userId: p.userId,
      studentId: p.studentId,
      currentTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect(answer.data).toEqual({ recorded: true });
    await expect(page.getByRole('heading', { level: 1, name: '测验已完成' })).toBeVisible();
  });
});
