import type * as cls from '~/lib/api/contracts/admin-classes';

/**
 * A class as the class screen saves it, of the demo school's electrician product: the API tests'
 * classes (tests/setup/classes.ts) and the browser tests' (tests/e2e/support/staff.ts saveClass).
 * Imports no test runner, so both can use it.
 */

let counter = 0;

export const classInput = (over: Partial<cls.ClassInput> = {}): cls.ClassInput => {
  counter += 1;
  return {
    name: `测试班级${process.pid}-${counter}`,
    productName: '电工（四级）职业技能培训',
    teachingClassStatus: 1,
    trainingStart: '2026-11-01',
    trainingEnd: '2027-01-31',
    expectedOpen: '',
    experience: false,
    learningGoal: '按时完成全部课程',
    teachers: [],
    ...over,
  };
};
