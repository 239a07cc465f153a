import { sql } from 'kysely';
import type { DB } from '~/server/db/database';
import { newId } from '~/server/ids';
import { hashPassword } from '~/server/login/password';
import { startOfCstDay, SECOND, MINUTE, HOUR, DAY } from '~/lib/time/cst';
import { CLASSROOM_TYPE, INTRODUCE_TYPE, SERVICE_STATUS, TEACHING_CLASS_STATUS } from '~/lib/learning/codes';
import type { SeedTenant } from './demo-data';
import { DEMO_STUDENT } from './login';
import {
  CLASSMATES,
  LEARNING_CLASSES,
  LEARNING_COURSES,
  SECOND_STUDENT,
  TODAY_SLOTS,
  electivePast,
  missedPast,
  type SeedClass,
  type SeedCourse,
  type SeedLearner,
} from './learning-data';
import type { FeatureSeeder } from './seeder';

/**
 * The learning demo (learning-data.ts): courses with their chapters, sections, lessons and duty
 * rules; classes with periods, courses, enrolments and activities. Runs after the login seeder,
 * which makes the demo student. Users are global, so a reset finds them and only enrols them again.
 */

/** The user of a mobile (made when missing) bound to the school; answers the user id and school student id. */
async function learner(db: DB, tenantId: string, who: SeedLearner, now: number): Promise<{ userId: string; schoolStudentId: string }> {
  let user = await db.selectFrom('users').select('id').where('mobile', '=', who.mobile).executeTakeFirst();
  if (!user) {
    user = { id: newId(now) };
    await db
      .insertInto('users')
      .values({
        id: user.id,
        mobile: who.mobile,
        username: null,
        passwordHash: who.password ? await hashPassword(who.password) : null,
        passwordUpdatedAt: who.password ? now : null,
        nickName: who.nickName,
        realName: who.realName,
        avatar: null,
        status: 1,
        createdAt: now - 60 * DAY,
        updatedAt: now,
      })
      .execute();
  }
  await db
    .insertInto('userTenants')
    .values((eb) => ({
      tenantId,
      userId: user.id,
      studentId: newId(now),
      createdAt: now - 60 * DAY,
      // The school's next 学号, as identity's binding gives it (decision 078).
      studentNo: eb.selectFrom('userTenants').select(sql<number>`coalesce(max(student_no), 0) + 1`.as('next')).where('tenantId', '=', tenantId),
    }))
    .onConflict((oc) => oc.columns(['tenantId', 'userId']).doNothing())
    .execute();
  const binding = await db
    .selectFrom('userTenants')
    .select('studentId')
    .where('tenantId', '=', tenantId)
    .where('userId', '=', user.id)
    .executeTakeFirstOrThrow();
  return { userId: user.id, schoolStudentId: binding.studentId };
}

interface SeededCourse {
  id: string;
  name: string;
  /** The course's lessons in order: id, name and whether face-to-face. */
  lessons: { id: string; name: string; offline: boolean; type: number; durationMs: number }[];
  /** Its lessons take no activity slot (SeedCourse.noActivitySlots). */
  noActivitySlots: boolean;
}

async function seedCourse(db: DB, tenantId: string, c: SeedCourse, now: number): Promise<SeededCourse> {
  const id = newId(now);
  await db
    .insertInto('courses')
    .values({
      id,
      tenantId,
      name: c.name,
      cover: c.cover ?? null,
      courseNature: c.nature,
      courseType: null,
      thirdPlatformType: c.thirdPlatformType ?? null,
      learningPlatform: c.learningPlatform ?? 0,
      learningUrl: c.learningUrl === undefined ? `/study/course/course-detail?courseId=${id}` : c.learningUrl,
      courseClassCode: c.courseClassCode ?? null,
      introduce: c.introduce,
      courseContent: null,
      createdAt: now - 90 * DAY,
    })
    .execute();
  const lessons: SeededCourse['lessons'] = [];
  let seq = 0;
  /** A chapter (no parent) or a section of one: both are rows of courseChapters. */
  const chapterRow = async (parentId: string | null, name: string, seq: number) => {
    const rowId = newId(now);
    await db
      .insertInto('courseChapters')
      .values({ id: rowId, tenantId, courseId: id, parentId, name, seq, createdAt: now - 90 * DAY })
      .execute();
    return rowId;
  };
  for (const [ci, chapter] of c.chapters.entries()) {
    const chapterId = await chapterRow(null, chapter.name, ci);
    for (const [si, section] of chapter.sections.entries()) {
      const sectionId = await chapterRow(chapterId, section.name, si);
      for (const lesson of section.lessons) {
        const lessonId = newId(now);
        const offline = lesson.type === CLASSROOM_TYPE.FACE_TO_FACE;
        await db
          .insertInto('classrooms')
          .values({
            id: lessonId,
            tenantId,
            courseId: id,
            sectionId,
            name: lesson.name,
            classroomType: lesson.type,
            mustLearn: lesson.elective ? 0 : 1,
            durationMs: lesson.minutes * MINUTE,
            classroomContent: lesson.content === undefined ? null : JSON.stringify(lesson.content),
            position: offline ? '实训楼 302 室' : null,
            address: offline ? '南京市江宁区天元东路 88 号' : null,
            classStartAt: lesson.live ? startOfCstDay(now + lesson.live.day * DAY) + lesson.live.hour * HOUR : null,
            classEndAt: lesson.live ? startOfCstDay(now + lesson.live.day * DAY) + lesson.live.hour * HOUR + lesson.minutes * MINUTE : null,
            liveStatus: lesson.live ? lesson.live.status : null,
            seq: seq++,
            createdAt: now - 90 * DAY,
          })
          .execute();
        lessons.push({ id: lessonId, name: lesson.name, offline, type: lesson.type, durationMs: lesson.minutes * MINUTE });
      }
    }
  }
  if (c.introductions?.length) {
    await db
      .insertInto('courseIntroductions')
      .values(
        c.introductions.map((x, seq) => ({
          id: newId(now),
          tenantId,
          courseId: id,
          introduceType: x.type,
          teacherName: x.type === INTRODUCE_TYPE.TEACHER ? x.teacherName : null,
          teacherHeadUrl: x.type === INTRODUCE_TYPE.TEACHER ? x.teacherHeadUrl : null,
          roleCode: x.type === INTRODUCE_TYPE.TEACHER ? x.roleCode : null,
          outline: x.type === INTRODUCE_TYPE.MATERIALS || x.type === INTRODUCE_TYPE.SERVICE ? x.outline : null,
          describe: x.type === INTRODUCE_TYPE.TEACHER ? null : x.describe,
          seq,
          createdAt: now - 90 * DAY,
        })),
      )
      .execute();
  }
  if (c.duties.length) {
    await db
      .insertInto('dutyRules')
      .values(
        c.duties.map((d) => ({
          id: newId(now),
          tenantId,
          courseId: id,
          classroomId: null,
          dutyType: d.dutyType,
          targetValue: d.targetValue,
          createdAt: now - 90 * DAY,
        })),
      )
      .execute();
  }
  return { id, name: c.name, lessons, noActivitySlots: c.noActivitySlots === true };
}

interface ActivitySlot {
  startAt: number;
  endAt: number;
  required: boolean;
  online: boolean;
  /** The enrolled student signed in (at the start, or at seeding time when that is earlier). */
  signed: boolean;
}

interface Enrolled {
  /** The class student id. */
  id: string;
  userId: string;
}

/**
 * The class's activities: each slot takes the next lesson of the class's courses of its kind (online
 * or face-to-face). Online slots skip the lessons the demo student finished or handed in (`done`):
 * doing an online activity's lesson attends it (decision 051), and each slot must show the
 * attendance state it was made for.
 */
async function seedActivities(
  db: DB,
  tenantId: string,
  classId: string,
  courses: SeededCourse[],
  slots: ActivitySlot[],
  now: number,
  done: ReadonlySet<string>,
) {
  const pool = courses.filter((course) => !course.noActivitySlots).flatMap((course) => course.lessons.map((lesson) => ({ course, lesson })));
  if (!pool.length) return [];
  const rows = slots.map((slot, i) => {
    const ofKind = pool.filter((p) => p.lesson.offline === !slot.online);
    const open = ofKind.filter((p) => !done.has(p.lesson.id));
    const fitting = open.length ? open : ofKind;
    const pick = (fitting.length ? fitting : pool)[i % (fitting.length || pool.length)]!;
    const offline = pick.lesson.offline;
    return {
      id: newId(now),
      tenantId,
      classId,
      courseId: pick.course.id,
      classroomId: pick.lesson.id,
      name: `${pick.course.name}：${pick.lesson.name}`,
      isRequired: slot.required ? 1 : 0,
      onlineType: offline ? 2 : 1,
      bizType: offline ? 'OFFLINE_CLASSROOM' : 'ONLINE_CLASSROOM',
      startAt: slot.startAt,
      endAt: slot.endAt,
      position: offline ? '实训楼 302 室' : null,
      address: offline ? '南京市江宁区天元东路 88 号' : null,
      signIn: 1,
      signOut: offline ? 1 : 0,
      onlineAttendance: offline ? 0 : 1,
      createdAt: now - 30 * DAY,
    };
  });
  await db.insertInto('classActivities').values(rows).execute();
  return rows.map((row, i) => ({ row, slot: slots[i]! }));
}

/**
 * Today's slots (TODAY_SLOTS) around the moment of seeding, inside today's CST day: the attended
 * and missed ones began before now (the missed one has ended), the pending ones are under way
 * (begun 10 minutes ago, three hours long), the elective one begins later.
 */
function todaySlots(now: number): ActivitySlot[] {
  const dayStart = startOfCstDay(now);
  const dayEnd = dayStart + DAY - SECOND;
  const within = (t: number) => Math.min(Math.max(t, dayStart), dayEnd);
  return TODAY_SLOTS.map((s, i) => {
    let startAt: number;
    let endAt: number;
    if (s.state === 'missed') {
      endAt = within(now - 30 * MINUTE);
      startAt = within(endAt - 90 * MINUTE);
    } else if (s.state === 'attended') {
      startAt = within(now - 3 * HOUR);
      endAt = within(startAt + 90 * MINUTE);
    } else if (s.state === 'pending') {
      // Under way: open for signing in and out now (decision 029) for a few hours after seeding.
      startAt = within(now - 10 * MINUTE);
      endAt = within(startAt + 3 * HOUR);
      if (endAt <= now) endAt = dayEnd;
    } else {
      startAt = within(Math.min(now + (i + 1) * HOUR, dayEnd - 2 * HOUR));
      endAt = within(startAt + 90 * MINUTE);
      if (endAt <= now) endAt = dayEnd;
    }
    return { startAt, endAt, required: s.required, online: s.online, signed: s.state === 'attended' };
  });
}

function slotsOf(c: SeedClass, now: number): ActivitySlot[] {
  const day = (d: number) => startOfCstDay(now + d * DAY);
  const slots: ActivitySlot[] = [];
  if (c.today) slots.push(...todaySlots(now));
  for (const [i, d] of (c.pastDays ?? []).entries()) {
    const startAt = day(d) + (9 + (i % 3) * 5) * HOUR;
    slots.push({ startAt, endAt: startAt + 90 * MINUTE, required: !electivePast(i), online: i % 3 !== 1, signed: !missedPast(i) });
  }
  for (const [i, d] of (c.futureDays ?? []).entries()) {
    const startAt = day(d) + 9 * HOUR;
    slots.push({ startAt, endAt: startAt + 90 * MINUTE, required: true, online: i % 2 === 0, signed: false });
  }
  return slots;
}

const DYNAMIC_TEXTS = ['接触器线圈电压应该怎么选？', '欧姆定律学习笔记', '老师讲得很清楚，实操收获很大'];

/**
 * What the students did: sign-ins (the enrolled student's as the slots say; classmates signed in to
 * most past required activities, so the class has a ranking), dynamics of today's activities, lesson
 * study records and submitted homework and tests.
 */
async function seedRecords(
  db: DB,
  tenantId: string,
  c: SeedClass,
  classId: string,
  student: Enrolled | null,
  classmates: Enrolled[],
  activities: { row: { id: string; startAt: number; endAt: number; isRequired: number }; slot: ActivitySlot }[],
  courses: Map<string, SeededCourse>,
  now: number,
) {
  const attendance = [];
  const dynamics = [];
  const signedAt = (a: { startAt: number }) => Math.min(a.startAt + 5 * MINUTE, now - MINUTE);
  type Activity = (typeof activities)[number]['row'];
  /** A student's sign-in to an activity (type 1), at the activity's sign-in time. */
  const signIn = (row: Activity, classStudentId: string) => ({
    id: newId(now),
    tenantId,
    classId,
    activityId: row.id,
    classStudentId,
    type: 1,
    signedAt: signedAt(row),
    lat: null,
    lon: null,
    createdAt: now,
  });
  /** An entry of the activity's dynamics by a student (0 checked in, 2 and up what they wrote). */
  const dynamic = (row: Activity, classStudentId: string, type: number, content: string | null, createdAt: number) => ({
    id: newId(now),
    tenantId,
    classId,
    activityId: row.id,
    classStudentId,
    type,
    content,
    createdAt,
  });
  for (const [i, { row, slot }] of activities.entries()) {
    const today = row.startAt >= startOfCstDay(now);
    if (student && slot.signed) {
      attendance.push(signIn(row, student.id));
      if (today) dynamics.push(dynamic(row, student.id, 0, null, signedAt(row)));
    }
    for (const [m, mate] of classmates.entries()) {
      const ended = row.endAt < now;
      if (!(ended || (today && slot.signed)) || row.isRequired !== 1 || (i + m) % 3 === 2) continue;
      attendance.push(signIn(row, mate.id));
      if (today) {
        dynamics.push(dynamic(row, mate.id, 0, null, signedAt(row) + m * MINUTE));
        dynamics.push(dynamic(row, mate.id, 2 + m * 2, DYNAMIC_TEXTS[m % DYNAMIC_TEXTS.length]!, signedAt(row) + (m + 2) * MINUTE));
      }
    }
  }
  if (attendance.length) await db.insertInto('activityAttendance').values(attendance).execute();
  if (dynamics.length) await db.insertInto('classDynamics').values(dynamics).execute();
  if (!student) return;

  /** A lesson of one of the class's courses, and the columns of a row of the student's work on it. */
  const lessonOf = (course: string, name: string) => {
    const seeded = courses.get(course)!;
    const lesson = seeded.lessons.find((l) => l.name === name)!;
    return { lesson, row: { id: newId(now), tenantId, classId, courseId: seeded.id, classroomId: lesson.id, classStudentId: student.id } };
  };
  const records = (c.studied ?? []).map((st, i) => {
    const { lesson, row } = lessonOf(st.course, st.lesson);
    const position = Math.round((lesson.durationMs * st.percent) / 100);
    const at = now - (i + 1) * DAY;
    return {
      ...row,
      lastPositionMs: st.percent >= 100 ? 0 : position,
      furthestMs: position,
      creditedMs: position,
      progress: st.percent,
      seq: 1,
      finishedAt: st.percent >= 100 ? at : null,
      firstStudiedAt: at - HOUR,
      lastReportAt: at,
      createdAt: at - HOUR,
    };
  });
  if (records.length) await db.insertInto('lessonRecords').values(records).execute();
  const attempts = (c.submitted ?? []).map((w, i) => {
    const { lesson, row } = lessonOf(w.course, w.lesson);
    const submittedAt = now - (i + 2) * DAY;
    return {
      ...row,
      activityId: null,
      workType: lesson.type,
      startedAt: submittedAt - w.minutes * MINUTE,
      deadlineAt: null,
      submittedAt,
      status: w.score === null ? 1 : 2,
      score: w.score,
      createdAt: submittedAt - w.minutes * MINUTE,
    };
  });
  if (attempts.length) await db.insertInto('workAttempts').values(attempts).execute();
}

export const seedLearning: FeatureSeeder = async (db: DB, tenant: SeedTenant, now) => {
  const classes = LEARNING_CLASSES[tenant.id];
  if (!classes) return;
  const courses = new Map<string, SeededCourse>();
  for (const c of LEARNING_COURSES[tenant.id] ?? []) courses.set(c.key, await seedCourse(db, tenant.id, c, now));

  const isDemo = tenant.id === DEMO_STUDENT.tenantId;
  const student = await learner(
    db,
    tenant.id,
    isDemo ? { mobile: DEMO_STUDENT.mobile, nickName: DEMO_STUDENT.nickName, realName: DEMO_STUDENT.realName } : SECOND_STUDENT,
    now,
  );
  const classmates = isDemo ? await Promise.all(CLASSMATES.map((m) => learner(db, tenant.id, m, now))) : [];
  // The second school's student is also in the demo school's class H (the partner edition lists both schools).
  const visitor = isDemo ? await learner(db, tenant.id, SECOND_STUDENT, now) : null;

  for (const c of classes) {
    const classId = newId(now);
    const start = c.trainingDays ? now + c.trainingDays[0] * DAY : null;
    const end = c.trainingDays ? now + c.trainingDays[1] * DAY : null;
    await db
      .insertInto('teachingClasses')
      .values({
        id: classId,
        tenantId: tenant.id,
        name: c.name,
        productName: c.productName,
        teachingClassStatus: c.teachingClassStatus,
        trainingStartAt: start === null ? null : startOfCstDay(start),
        trainingEndAt: end === null ? null : startOfCstDay(end) + DAY - SECOND,
        teacherName: c.teacherName,
        teacherAvatar: null,
        learningGoal: c.learningGoal ?? null,
        experience: c.experience ? 1 : 0,
        expectedOpenAt: c.expectedOpenDays === undefined ? null : startOfCstDay(now + c.expectedOpenDays * DAY),
        teachingPlanCreatedAt: c.teachingClassStatus === TEACHING_CLASS_STATUS.NOT_OPEN ? null : now - 50 * DAY,
        createdAt: now - 60 * DAY,
      })
      .execute();

    const periodIds = [newId(now), newId(now)];
    const span = c.trainingDays ? c.trainingDays[1] - c.trainingDays[0] : 60;
    await db
      .insertInto('classPeriods')
      .values(
        periodIds.map((id, i) => ({
          id,
          tenantId: tenant.id,
          classId,
          classPeriodType: 1,
          name: `${c.name.replace(/班$/, '')}第${i + 1}期`,
          startAt: start === null ? null : startOfCstDay(start + i * span * DAY),
          endAt: end === null ? null : startOfCstDay(end + i * span * DAY) + DAY - SECOND,
          createdAt: now - 60 * DAY,
        })),
      )
      .execute();

    const classCourses = c.courses.map((key) => courses.get(key)!);
    if (classCourses.length) {
      await db
        .insertInto('classCourses')
        .values(
          classCourses.map((course, seq) => ({
            id: newId(now),
            tenantId: tenant.id,
            classId,
            courseId: course.id,
            learnStartAt: start,
            learnEndAt: end,
            seq,
            createdAt: now - 60 * DAY,
          })),
        )
        .execute();
    }

    // Enrolled before the class's start and its first past activity: attendance counts from the enrolment (decision 051).
    const enrolledAt = Math.min(now - 45 * DAY, start ?? now, ...(c.pastDays ?? []).map((d) => startOfCstDay(now + d * DAY)));
    const enrol = (who: { userId: string; schoolStudentId: string }, serviceStatus: number) => ({
      id: newId(now),
      tenantId: tenant.id,
      classId,
      userId: who.userId,
      schoolStudentId: who.schoolStudentId,
      periodId: periodIds[0]!,
      serviceStatus,
      enrolStateAt: null,
      visitCount: serviceStatus >= SERVICE_STATUS.IN_SERVICE ? 3 : 0,
      statusAt: start ?? now - 7 * DAY,
      evaluateStatus: who === student ? (c.evaluateStatus ?? 0) : 0,
      createdAt: enrolledAt,
    });
    const mine = c.serviceStatus !== undefined ? enrol(student, c.serviceStatus) : null;
    const mates = c.classmates ? classmates.map((m) => enrol(m, 2)) : [];
    const enrolments = [...(mine ? [mine] : []), ...mates];
    if (c.key === 'H' && visitor) enrolments.push(enrol(visitor, 1));
    if (enrolments.length) await db.insertInto('classStudents').values(enrolments).execute();

    const doneBy = (course: string, lesson: string) => courses.get(course)?.lessons.find((l) => l.name === lesson)?.id;
    const done = new Set(
      [...(c.studied ?? []).filter((st) => st.percent >= 100), ...(c.submitted ?? [])]
        .map((x) => doneBy(x.course, x.lesson))
        .filter((id): id is string => !!id),
    );
    const activities = await seedActivities(db, tenant.id, classId, classCourses, slotsOf(c, now), now, done);
    await seedRecords(db, tenant.id, c, classId, mine, mates, activities, courses, now);
  }
};
