import type { DB } from '~/server/db/database';
import { MINUTE, HOUR } from '~/lib/time/cst';
import { newId } from '~/server/ids';
import { DEMO_TENANT, type SeedTenant } from './demo-data';
import { DEMO_STUDENT } from './login';
import { CLASSMATES } from './learning-data';
import type { FeatureSeeder } from './seeder';

/**
 * The classroom interaction panel's demo: on class A's lessons
 * '电路的基本概念' (video) and '三相交流电讲义' (document) of '电工基础与安全用电', questions of the
 * demo student and classmates with teachers' answers, a kept draft of the demo student, shared and
 * private notes of the demo student and of classmate 13900000002, teachers' notes, comments with
 * replies and likes. Runs after seedLearning and finds its rows by name.
 */

const CLASS_NAME = '2026年秋季电工（四级）精品班';
const COURSE_NAME = '电工基础与安全用电';
const VIDEO_LESSON = '电路的基本概念';
const DOCUMENT_LESSON = '三相交流电讲义';
const TEACHER = '王建国';
const ASSISTANT = '刘晓梅';

export const INTERACTION_DEMO = { className: CLASS_NAME, courseName: COURSE_NAME, lessons: [VIDEO_LESSON, DOCUMENT_LESSON], teacher: TEACHER } as const;

export const seedClassroomInteraction: FeatureSeeder = async (db: DB, tenant: SeedTenant, now: number) => {
  if (tenant.id !== DEMO_TENANT.id) return;
  const tenantId = tenant.id;
  const cls = await db.selectFrom('teachingClasses').where('tenantId', '=', tenantId).where('name', '=', CLASS_NAME).select('id').executeTakeFirst();
  const course = await db.selectFrom('courses').where('tenantId', '=', tenantId).where('name', '=', COURSE_NAME).select('id').executeTakeFirst();
  if (!cls || !course) return;
  const lessons = await db
    .selectFrom('classrooms')
    .where('tenantId', '=', tenantId)
    .where('courseId', '=', course.id)
    .where('name', 'in', [VIDEO_LESSON, DOCUMENT_LESSON])
    .select(['id', 'name'])
    .execute();
  const students = await db
    .selectFrom('classStudents as cs')
    .innerJoin('users as u', 'u.id', 'cs.userId')
    .where('cs.tenantId', '=', tenantId)
    .where('cs.classId', '=', cls.id)
    .where('u.mobile', 'in', [DEMO_STUDENT.mobile, ...CLASSMATES.map((c) => c.mobile)])
    .select(['cs.id', 'u.mobile'])
    .execute();
  const studentOf = (mobile: string) => students.find((s) => s.mobile === mobile)?.id;
  const me = studentOf(DEMO_STUDENT.mobile);
  const mate = studentOf(CLASSMATES[0]!.mobile);
  const other = studentOf(CLASSMATES[1]!.mobile);
  if (!me || !mate || !other) return;

  const classId = cls.id;
  let at = now - 3 * 24 * HOUR;
  const next = () => (at += 17 * MINUTE);

  for (const lesson of lessons) {
    const video = lesson.name === VIDEO_LESSON;
    const classroomId = lesson.id;
    const questions = video
      ? [
          {
            by: mate,
            title: '电动势和电压有什么区别？',
            answers: [{ answer: '电动势是电源内部非静电力做功的能力，电压是电路两点间的电位差。', teacher: TEACHER }],
          },
          {
            by: me,
            title: '串联电路中电流处处相等的原因是什么？',
            answers: [
              { answer: '串联电路只有一条通路，电荷守恒，单位时间通过任一截面的电荷量相同。', teacher: TEACHER },
              { answer: '可以结合课件第3页的水流类比来理解。', teacher: ASSISTANT },
            ],
          },
          { by: other, title: '测量电压时万用表应该怎样接入电路？', answers: [] },
        ]
      : [
          {
            by: mate,
            title: '三相四线制中中性线的作用是什么？',
            answers: [{ answer: '中性线使不对称负载的相电压保持对称，保证各相负载正常工作。', teacher: TEACHER }],
          },
        ];
    for (const q of questions) {
      const id = newId(now);
      const createdAt = next();
      await db.insertInto('classroomQuestions').values({ id, tenantId, classId, classroomId, classStudentId: q.by, title: q.title, createdAt }).execute();
      for (const [i, a] of q.answers.entries()) {
        await db
          .insertInto('classroomQuestionAnswers')
          .values({ id: newId(now), tenantId, questionId: id, answer: a.answer, teacherName: a.teacher, createdAt: createdAt + (i + 1) * HOUR })
          .execute();
      }
    }
    if (video) {
      await db
        .insertInto('classroomQuestionDrafts')
        .values({ id: newId(now), tenantId, classStudentId: me, classroomId, title: '电阻的单位换算还不太熟练，', updatedAt: next() })
        .execute();
    }

    const notes = video
      ? [
          { by: me, title: '电路三要素', notes: '电源、负载、中间环节（导线和开关）。', isShared: 1 },
          { by: me, title: '我的复习提醒', notes: '周末复习电流方向的规定。', isShared: 0 },
          { by: mate, title: '欧姆定律要点', notes: 'I = U / R，注意单位统一。', isShared: 1 },
          { by: mate, title: '雨桐的私人笔记', notes: '只给自己看的笔记。', isShared: 0 },
          { by: null, title: '本节重点', notes: '掌握电流、电压、电阻的概念及单位。', isShared: 1 },
        ]
      : [
          { by: mate, title: '三相电相序', notes: 'U、V、W 依次相差120°。', isShared: 1 },
          { by: null, title: '讲义导读', notes: '先看星形接法，再看三角形接法。', isShared: 1 },
        ];
    for (const n of notes) {
      const createdAt = next();
      await db
        .insertInto('classroomNotes')
        .values({
          id: newId(now),
          tenantId,
          classId,
          classroomId,
          courseId: course.id,
          classStudentId: n.by,
          teacherName: n.by ? null : TEACHER,
          title: n.title,
          notes: n.notes,
          isShared: n.isShared,
          createdAt,
          updatedAt: createdAt,
        })
        .execute();
    }

    const first = newId(now);
    await db
      .insertInto('classroomComments')
      .values({
        id: first,
        tenantId,
        classId,
        classroomId,
        classStudentId: mate,
        parentId: null,
        content: video ? '老师讲得很清楚，动画演示很直观。' : '讲义的接线图很清晰。',
        createdAt: next(),
      })
      .execute();
    await db
      .insertInto('classroomComments')
      .values({ id: newId(now), tenantId, classId, classroomId, classStudentId: me, parentId: first, content: '同感，我看了两遍。', createdAt: next() })
      .execute();
    if (video) {
      await db
        .insertInto('classroomComments')
        .values({ id: newId(now), tenantId, classId, classroomId, classStudentId: other, parentId: null, content: '希望多一些实操案例。', createdAt: next() })
        .execute();
    }

    const likers = video ? [mate, other] : [mate];
    for (const by of likers) await db.insertInto('classroomLikes').values({ tenantId, classId, classroomId, classStudentId: by, createdAt: next() }).execute();
  }
};
