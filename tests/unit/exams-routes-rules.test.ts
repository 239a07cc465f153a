import { describe, expect, test } from 'vitest';
import { answerHref, attemptHref, finishHref, isXskt, readQuery, reviewHref, startHref } from '~/lib/exams/routes';

/** The homework and test screens' addresses (src/lib/exams/routes.ts). */
describe('work routes', () => {
  const q = readQuery('?classId=c1&classroomId=r1&classStudentId=s1&courseId=k1&status=0&activityId=a1&bizType=2&workId=w1');

  test('the query: classStudentId or studentId, everything else by name', () => {
    expect(q).toMatchObject({
      classId: 'c1',
      classroomId: 'r1',
      studentId: 's1',
      courseId: 'k1',
      workId: 'w1',
      activityId: 'a1',
      bizType: '2',
      status: '0',
      sourceType: '',
    });
    expect(readQuery('?studentId=s9').studentId).toBe('s9');
  });

  test('each screen passes the query on', () => {
    expect(startHref('homework', q)).toBe('/study/homework?classId=c1&classroomId=r1&classStudentId=s1&courseId=k1&workId=w1&activityId=a1&bizType=2&status=0');
    expect(answerHref('test', { ...q, sourceType: 'xskt' })).toBe(
      '/study/test/answer?classId=c1&classroomId=r1&classStudentId=s1&courseId=k1&workId=w1&sourceType=xskt&activityId=a1&bizType=2',
    );
    expect(finishHref('test', q, 1, 'L1')).toMatch(/^\/study\/test\/answer-finish\?.*&status=1&answerLogId=L1$/);
    expect(reviewHref('homework', q, 'L2', 2)).toMatch(/^\/study\/homework\/check-my-homework\?.*&answerLogId=L2&status=2$/);
    expect(reviewHref('test', q, 'L2', 2)).toMatch(/^\/study\/test\/check-my-test-exam\?/);
  });

  test('an attempt of the history: pending review to completion, an open one to answering, others to review', () => {
    expect(attemptHref('test', q, { id: 'L1', status: 1 })).toMatch(/answer-finish\?.*status=1&answerLogId=L1/);
    expect(attemptHref('test', q, { id: 'L1', status: 0 })).toMatch(/^\/study\/test\/answer\?/);
    expect(attemptHref('test', q, { id: 'L1', status: 2 })).toMatch(/check-my-test-exam\?.*answerLogId=L1&status=2/);
  });

  test('the external bank is sourceType xskt, whatever its case', () => {
    expect(isXskt('xskt')).toBe(true);
    expect(isXskt('XSKT')).toBe(true);
    expect(isXskt('')).toBe(false);
    expect(isXskt(null)).toBe(false);
  });
});
