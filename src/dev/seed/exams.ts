import type { DB } from '~/server/db/database';
import { newId } from '~/server/ids';
import { startOfCstDay, SECOND, MINUTE, DAY } from '~/lib/time/cst';
import { deadlineOf } from '~/server/exams/attempts/deadline.rules';
import { hasSubQuestions, scorePaper, type GivenAnswer, type KeyedQuestion } from '~/server/exams/attempts/scoring.rules';
import { QUESTION_TYPE } from '~/lib/api/contracts/exams';
import { CLASSROOM_TYPE, ONLINE_TYPE, WORK_CLASSROOM_TYPES } from '~/lib/learning/codes';
import { DEMO_TENANT, type SeedTenant } from './demo-data';
import { DEMO_STUDENT } from './login';
import { ACTIVITY_WORKS, EARLIER_ANSWERS, EXAM_WORKS, TEST_POLICY, type SeedAnswer, type SeedQuestion, type SeedWork } from './exams-data';
import { ATTEMPT_STATUS, cappedDeadline } from '~/lib/exams/attempt-policy';
import type { FeatureSeeder } from './seeder';

/**
 * The homework and test demo (exams-data.ts): a work for every homework and test lesson of the
 * demo school's classes that exams-data names, each paper made once; the demo student's attempts
 * in class A (the class with today's activities), scored by the server's own scoring rules; the
 * attempts the learning demo made before works existed get their work and answers; one activity
 * of class A is moved to a test. Runs after the learning seeders and finds their rows by name.
 */

const CLASS_A = '2026年秋季电工（四级）精品班';

interface SeededPaper {
  id: string;
  /** ref -> question id */
  ids: Map<string, string>;
  /** The top-level questions with their keys, as scoring reads them. */
  keyed: KeyedQuestion[];
}

function keyedOf(q: SeedQuestion, ids: Map<string, string>): KeyedQuestion {
  return {
    id: ids.get(q.ref)!,
    questionType: q.type,
    examPoint: q.points,
    answerOptions: q.key ?? [],
    answerContent: q.content ?? null,
    subs: (q.subs ?? []).map((x) => keyedOf(x, ids)),
  };
}

async function seedPaper(db: DB, tenantId: string, w: SeedWork, now: number): Promise<SeededPaper> {
  const id = newId(now);
  await db
    .insertInto('examPapers')
    .values({ id, tenantId, title: w.lesson, english: w.english ? 1 : 0, unitTime: w.unitTime ?? null, createdAt: now - 60 * DAY })
    .execute();
  const ids = new Map<string, string>();
  const rows: { q: SeedQuestion; parentId: string | null }[] = [];
  for (const q of w.questions ?? []) {
    ids.set(q.ref, newId(now));
    rows.push({ q, parentId: null });
    for (const sub of q.subs ?? []) {
      ids.set(sub.ref, newId(now));
      rows.push({ q: sub, parentId: ids.get(q.ref)! });
    }
  }
  if (rows.length) {
    await db
      .insertInto('examQuestions')
      .values(
        rows.map(({ q, parentId }, seq) => ({
          id: ids.get(q.ref)!,
          tenantId,
          paperId: id,
          parentId,
          questionType: q.type,
          seq,
          trunk: q.trunk,
          // A reading or cloze question is worth its sub-questions' points (the server adds them up).
          examPoint: hasSubQuestions(q.type) ? 0 : q.points,
          markStatus: q.markStatus ?? null,
          options: JSON.stringify((q.options ?? []).map(([key, value]) => ({ key, value }))),
          answerOptions: JSON.stringify(q.key ?? []),
          answerContent: q.content ?? null,
          explanation: q.explanation ?? null,
          blankCount: q.type === QUESTION_TYPE.FILL_IN ? (q.content ?? '').split('|').length : null,
          createdAt: now - 60 * DAY,
        })),
      )
      .execute();
  }
  return { id, ids, keyed: (w.questions ?? []).map((q) => keyedOf(q, ids)) };
}

const givenOf = (a: SeedAnswer): GivenAnswer => (Array.isArray(a) ? { optionList: a, content: null } : { optionList: [], content: a });

/** Writes the answers of an attempt and, when submitted, its scoring (as the server's submission does). */
async function answerAttempt(
  db: DB,
  tenantId: string,
  attemptId: string,
  work: SeedWork,
  paper: SeededPaper,
  answers: Record<string, SeedAnswer>,
  times: { answeredAt: number; submittedAt: number | null },
) {
  const given = new Map<string, GivenAnswer>();
  const rows = Object.entries(answers).map(([ref, a], i) => {
    const questionId = paper.ids.get(ref)!;
    given.set(questionId, givenOf(a));
    const at = times.answeredAt + i * MINUTE;
    return {
      attemptId,
      questionId,
      tenantId,
      content: givenOf(a).content,
      optionKeys: JSON.stringify(givenOf(a).optionList),
      seq: 1 + (i % 3),
      answeredAt: at,
      savedAt: at + 400,
    };
  });
  if (rows.length) await db.insertInto('workAnswers').values(rows).execute();
  if (times.submittedAt === null) return;
  const scored = scorePaper(paper.keyed, given, { partialMultiple: work.partialMultiple === true });
  const status = work.manualGrading || scored.pending ? ATTEMPT_STATUS.PENDING : ATTEMPT_STATUS.REVIEWED;
  await db
    .updateTable('workAttempts')
    .set({
      status,
      score: status === ATTEMPT_STATUS.REVIEWED ? scored.score : null,
      results: JSON.stringify(scored.results),
      answeredCount: scored.answered,
      questionCount: scored.total,
      submittedBy: 'student',
      submittedAt: times.submittedAt,
    })
    .where('id', '=', attemptId)
    .execute();
}

export const seedExams: FeatureSeeder = async (db: DB, tenant: SeedTenant, now: number) => {
  if (tenant.id !== DEMO_TENANT.id) return;
  const tenantId = tenant.id;
  const byLesson = new Map(EXAM_WORKS.map((w) => [w.lesson, w]));
  const lessons = await db
    .selectFrom('classCourses as cc')
    .innerJoin('teachingClasses as c', 'c.id', 'cc.classId')
    .innerJoin('classrooms as r', 'r.courseId', 'cc.courseId')
    .select(['cc.classId', 'c.name as className', 'r.id as classroomId', 'r.courseId', 'r.name', 'r.classroomType'])
    .where('cc.tenantId', '=', tenantId)
    .where('r.classroomType', 'in', WORK_CLASSROOM_TYPES)
    .where('r.name', 'in', [...byLesson.keys()])
    .orderBy('cc.classId')
    .orderBy('r.seq')
    .execute();
  const me = await db
    .selectFrom('classStudents as cs')
    .innerJoin('users as u', 'u.id', 'cs.userId')
    .select(['cs.id', 'cs.classId'])
    .where('cs.tenantId', '=', tenantId)
    .where('u.mobile', '=', DEMO_STUDENT.mobile)
    .execute();
  const papers = new Map<string, SeededPaper>();

  for (const l of lessons) {
    const w = byLesson.get(l.name)!;
    if ((w.kind === 'homework' ? CLASSROOM_TYPE.HOMEWORK : CLASSROOM_TYPE.TEST) !== Number(l.classroomType)) continue;
    let paper = papers.get(w.lesson);
    if (!paper && !w.externalPaperId) {
      paper = await seedPaper(db, tenantId, w, now);
      papers.set(w.lesson, paper);
    }
    const workId = newId(now);
    const policy = w.policy ?? TEST_POLICY;
    const closesAt = policy.closesInDays === undefined ? null : startOfCstDay(now + policy.closesInDays * DAY) + DAY - SECOND;
    await db
      .insertInto('works')
      .values({
        id: workId,
        tenantId,
        classId: l.classId,
        courseId: l.courseId,
        classroomId: l.classroomId,
        kind: w.kind,
        paperId: paper?.id ?? null,
        externalPaperId: w.externalPaperId ?? null,
        sourceType: w.externalPaperId ? 'xskt' : null,
        title: w.lesson,
        description: w.description,
        unitTime: w.unitTime ?? null,
        manualGrading: w.manualGrading ? 1 : 0,
        partialMultiple: w.partialMultiple ? 1 : 0,
        createdAt: now - 50 * DAY,
        maxAttempts: policy.maxAttempts,
        scoreRule: policy.scoreRule,
        marksShown: policy.marksShown,
        keysShown: policy.keysShown,
        closesAt,
      })
      .execute();

    const student = me.find((m) => m.classId === l.classId);
    if (!student || !paper) continue;
    // The attempts the learning demo made before works existed: their work and the answers that score what it says.
    const earlier = EARLIER_ANSWERS[w.lesson];
    if (earlier) {
      const old = await db
        .selectFrom('workAttempts')
        .select(['id', 'startedAt', 'submittedAt'])
        .where('tenantId', '=', tenantId)
        .where('classStudentId', '=', student.id)
        .where('classroomId', '=', l.classroomId)
        .where('workId', 'is', null)
        .orderBy('startedAt')
        .orderBy('id')
        .execute();
      for (const [i, a] of old.entries()) {
        await db
          .updateTable('workAttempts')
          .set({ workId, attemptNo: i + 1 })
          .where('id', '=', a.id)
          .execute();
        await answerAttempt(db, tenantId, a.id, w, paper, earlier, {
          answeredAt: Number(a.startedAt) + MINUTE,
          submittedAt: a.submittedAt === null ? null : Number(a.submittedAt),
        });
      }
    }
    if (l.className !== CLASS_A) continue;
    for (const [i, at] of (w.attempts ?? []).entries()) {
      const id = newId(now);
      const startedAt = now - at.startedMinutesAgo * MINUTE;
      await db
        .insertInto('workAttempts')
        .values({
          id,
          tenantId,
          classId: l.classId,
          courseId: l.courseId,
          classroomId: l.classroomId,
          classStudentId: student.id,
          activityId: null,
          workType: Number(l.classroomType),
          startedAt,
          deadlineAt: cappedDeadline(deadlineOf(startedAt, w.unitTime ?? null), { closesAt }),
          submittedAt: null,
          status: ATTEMPT_STATUS.ANSWERING,
          score: null,
          createdAt: startedAt,
          workId,
          attemptNo: i + 1,
          lastSavedAt: at.minutes === undefined ? startedAt + 10 * MINUTE : null,
        })
        .execute();
      await answerAttempt(db, tenantId, id, w, paper, at.answers, {
        answeredAt: startedAt + MINUTE,
        submittedAt: at.minutes === undefined ? null : startedAt + at.minutes * MINUTE,
      });
    }
  }

  // One activity of class A becomes a test lesson, so the timetable's and class page's jumps lead to it.
  const classA = lessons.find((l) => l.className === CLASS_A);
  if (!classA) return;
  for (const { lesson, dayOffset } of ACTIVITY_WORKS) {
    const target = lessons.find((l) => l.classId === classA.classId && l.name === lesson);
    const course = target && (await db.selectFrom('courses').select('name').where('id', '=', target.courseId).executeTakeFirst());
    const dayStart = startOfCstDay(now + dayOffset * DAY);
    const activity = await db
      .selectFrom('classActivities')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('classId', '=', classA.classId)
      .where('onlineType', '=', ONLINE_TYPE.ONLINE)
      .where('startAt', '>=', dayStart)
      .where('startAt', '<', dayStart + DAY)
      .orderBy('startAt')
      .executeTakeFirst();
    if (!target || !course || !activity) continue;
    await db
      .updateTable('classActivities')
      .set({ classroomId: target.classroomId, courseId: target.courseId, name: `${course.name}：${target.name}` })
      .where('id', '=', activity.id)
      .execute();
  }
};
