import type { DB } from '../database';
import { newId } from '../../ids';
import { hashPassword } from '../../login/password';
import { startOfCstDay } from '~/lib/time/cst';
import { DAY, HOUR, type SeedTenant } from './demo-data';
import { DEMO_STUDENT } from './login';
import { CLASSMATES, LEARNING_CLASSES, LEARNING_COURSES, SECOND_STUDENT, TODAY_SLOTS, type SeedClass, type SeedCourse, type SeedLearner } from './learning-data';
import type { FeatureSeeder } from './seeder';

/**
 * The learning demo (learning-data.ts): courses with their chapters, sections, lessons and duty
 * rules; classes with periods, courses, enrolments and activities. Runs after the login seeder,
 * which makes the demo student. Users are global, so a reset finds them and only enrols them again.
 */

const MINUTE = 60_000;

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
    .values({ tenantId, userId: user.id, studentId: newId(now), createdAt: now - 60 * DAY })
    .onConflict((oc) => oc.columns(['tenantId', 'userId']).doNothing())
    .execute();
  const binding = await db.selectFrom('userTenants').select('studentId').where('tenantId', '=', tenantId).where('userId', '=', user.id).executeTakeFirstOrThrow();
  return { userId: user.id, schoolStudentId: binding.studentId };
}

interface SeededCourse {
  id: string;
  name: string;
  /** The course's lessons in order: id, name and whether face-to-face. */
  lessons: { id: string; name: string; offline: boolean }[];
}

async function seedCourse(db: DB, tenantId: string, c: SeedCourse, now: number): Promise<SeededCourse> {
  const id = newId(now);
  await db
    .insertInto('courses')
    .values({
      id,
      tenantId,
      name: c.name,
      cover: null,
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
  for (const [ci, chapter] of c.chapters.entries()) {
    const chapterId = newId(now);
    await db.insertInto('courseChapters').values({ id: chapterId, tenantId, courseId: id, parentId: null, name: chapter.name, seq: ci, createdAt: now - 90 * DAY }).execute();
    for (const [si, section] of chapter.sections.entries()) {
      const sectionId = newId(now);
      await db.insertInto('courseChapters').values({ id: sectionId, tenantId, courseId: id, parentId: chapterId, name: section.name, seq: si, createdAt: now - 90 * DAY }).execute();
      for (const lesson of section.lessons) {
        const lessonId = newId(now);
        const offline = lesson.type === 11;
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
            classroomContent: null,
            position: offline ? '实训楼 302 室' : null,
            address: offline ? '南京市江宁区天元东路 88 号' : null,
            classStartAt: null,
            classEndAt: null,
            seq: seq++,
            createdAt: now - 90 * DAY,
          })
          .execute();
        lessons.push({ id: lessonId, name: lesson.name, offline });
      }
    }
  }
  if (c.duties.length) {
    await db
      .insertInto('dutyRules')
      .values(c.duties.map((d) => ({ id: newId(now), tenantId, courseId: id, classroomId: null, dutyType: d.dutyType, targetValue: d.targetValue, createdAt: now - 90 * DAY })))
      .execute();
  }
  return { id, name: c.name, lessons };
}

interface ActivitySlot {
  startAt: number;
  minutes: number;
  required: boolean;
  online: boolean;
}

/** The class's activities: each slot takes the next lesson of the class's courses of its kind (online or face-to-face). */
async function seedActivities(db: DB, tenantId: string, classId: string, courses: SeededCourse[], slots: ActivitySlot[], now: number) {
  const pool = courses.flatMap((course) => course.lessons.map((lesson) => ({ course, lesson })));
  if (!pool.length) return;
  const rows = slots.map((slot, i) => {
    const fitting = pool.filter((p) => p.lesson.offline === !slot.online);
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
      endAt: slot.startAt + slot.minutes * MINUTE,
      position: offline ? '实训楼 302 室' : null,
      address: offline ? '南京市江宁区天元东路 88 号' : null,
      createdAt: now - 30 * DAY,
    };
  });
  await db.insertInto('classActivities').values(rows).execute();
}

function slotsOf(c: SeedClass, now: number): ActivitySlot[] {
  const day = (d: number) => startOfCstDay(now + d * DAY);
  const slots: ActivitySlot[] = [];
  if (c.today) for (const s of TODAY_SLOTS) slots.push({ startAt: day(0) + s.hour * HOUR, minutes: s.minutes, required: s.required, online: s.online });
  for (const [i, d] of (c.pastDays ?? []).entries()) slots.push({ startAt: day(d) + (9 + (i % 3) * 5) * HOUR, minutes: 90, required: i % 4 !== 3, online: i % 3 !== 1 });
  for (const [i, d] of (c.futureDays ?? []).entries()) slots.push({ startAt: day(d) + 9 * HOUR, minutes: 90, required: true, online: i % 2 === 0 });
  return slots;
}

export const seedLearning: FeatureSeeder = async (db: DB, tenant: SeedTenant, now) => {
  const classes = LEARNING_CLASSES[tenant.id];
  if (!classes) return;
  const courses = new Map<string, SeededCourse>();
  for (const c of LEARNING_COURSES[tenant.id] ?? []) courses.set(c.key, await seedCourse(db, tenant.id, c, now));

  const isDemo = tenant.id === DEMO_STUDENT.tenantId;
  const student = await learner(db, tenant.id, isDemo ? { mobile: DEMO_STUDENT.mobile, nickName: DEMO_STUDENT.nickName, realName: DEMO_STUDENT.realName } : SECOND_STUDENT, now);
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
        trainingEndAt: end === null ? null : startOfCstDay(end) + DAY - 1000,
        teacherName: c.teacherName,
        teacherAvatar: null,
        learningGoal: c.learningGoal ?? null,
        experience: c.experience ? 1 : 0,
        expectedOpenAt: c.expectedOpenDays === undefined ? null : startOfCstDay(now + c.expectedOpenDays * DAY),
        teachingPlanCreatedAt: c.teachingClassStatus === 0 ? null : now - 50 * DAY,
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
          endAt: end === null ? null : startOfCstDay(end + i * span * DAY) + DAY - 1000,
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

    const enrol = (who: { userId: string; schoolStudentId: string }, serviceStatus: number) => ({
      id: newId(now),
      tenantId: tenant.id,
      classId,
      userId: who.userId,
      schoolStudentId: who.schoolStudentId,
      periodId: periodIds[0]!,
      serviceStatus,
      enrolStateAt: null,
      visitCount: serviceStatus >= 2 ? 3 : 0,
      statusAt: start ?? now - 7 * DAY,
      createdAt: now - 45 * DAY,
    });
    const enrolments = [];
    if (c.serviceStatus !== undefined) enrolments.push(enrol(student, c.serviceStatus));
    if (c.classmates) enrolments.push(...classmates.map((m) => enrol(m, 2)));
    if (c.key === 'H' && visitor) enrolments.push(enrol(visitor, 1));
    if (enrolments.length) await db.insertInto('classStudents').values(enrolments).execute();

    await seedActivities(db, tenant.id, classId, classCourses, slotsOf(c, now), now);
  }
};
