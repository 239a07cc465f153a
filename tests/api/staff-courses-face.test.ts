import { describe, expect, test } from 'vitest';
import * as crs from '~/lib/api/contracts/admin-courses';
import * as offline from '~/lib/api/contracts/classroom-offline';
import * as course from '~/lib/api/contracts/learning-course';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { DEMO, useTestServer } from '../setup/server';
import { withToken } from '../setup/users';
import { makeClass, ok, staffer, type Staffer } from '../setup/classes';
import { attach, courseWithSection, onCourse, studentOf } from '../setup/courses';

/**
 * What the course screen adds to a lesson and a course beyond their fields: a face-to-face
 * lesson's before-class notes, key points and teachers' pictures (read back by the learner's
 * face-to-face classroom), a lesson's own duty targets, and the course's introduction blocks
 * (teachers with their pictures and roles, materials, service) as the learner's course detail
 * shows them. Bad input is refused and changes nothing.
 */

const server = useTestServer();
const s = () => server();

async function setup() {
  const admin = await staffer(s(), DEMO.id, STAFF_ROLE.admin);
  const teacher = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
  const made = await makeClass(s(), admin, DEMO.id, { teachers: [{ accountId: teacher.account.id, role: 'course' }] });
  const { course: c, sectionId } = await courseWithSection(s(), admin, DEMO.id);
  await attach(s(), admin, DEMO.id, made.id, c.id);
  const student = await studentOf(s(), admin, DEMO.id, made.id);
  return { admin, teacher, classId: made.id, courseId: c.id, sectionId, student };
}

const saveLesson = (who: Staffer, courseId: string, input: crs.LessonInput) => s().call(crs.adminLessonSave, input, onCourse(who, courseId, DEMO.id));
const lessonNamed = (c: crs.AdminCourse, name: string) => c.lessons.find((l) => l.name === name)!;

const FACE = {
  name: '面授实操',
  classroomType: 11,
  mustLearn: 1,
  start: '2026-12-02 09:00',
  end: '2026-12-02 11:00',
  position: '301 教室',
};

describe('a face-to-face lesson', () => {
  test('notes, key points and teachers with pictures are saved, read back by staff and shown in the learner classroom', async () => {
    const { teacher, classId, courseId, sectionId, student } = await setup();
    let c = await ok<crs.AdminCourse>(
      saveLesson(teacher, courseId, {
        ...FACE,
        sectionId,
        notes: '请带好工作服\n提前 10 分钟到场',
        points: ['安全规范', '接线步骤'],
        teachers: ['王建华', '李明'],
        teacherAvatars: ['/files/demo/202611/abc.png', null],
        duties: [{ dutyType: 'OFFLINE_FACE2FACE_TEACHING_FIN_TIMES', targetValue: 1 }],
      }),
    );
    const lesson = lessonNamed(c, FACE.name);
    expect(lesson).toMatchObject({
      notes: '请带好工作服\n提前 10 分钟到场',
      points: ['安全规范', '接线步骤'],
      teachers: ['王建华', '李明'],
      teacherAvatars: ['/files/demo/202611/abc.png', null],
    });
    expect(lesson.duties.find((d) => d.dutyType === 'OFFLINE_FACE2FACE_TEACHING_FIN_TIMES')!.targetValue).toBe(1);
    const read = () =>
      ok<offline.OfflineClassroom>(
        s().call(offline.offlineClassroomDetail, { classroomId: lesson.id, classId, courseId, studentId: student.studentId }, withToken(student.user.token)),
      );
    expect(await read()).toMatchObject({
      desc: '请带好工作服\n提前 10 分钟到场',
      points: [
        { seq: 1, pointDesc: '安全规范' },
        { seq: 2, pointDesc: '接线步骤' },
      ],
      teacherList: [
        { teacherName: '王建华', teacherAvatar: '/files/demo/202611/abc.png', lead: true },
        { teacherName: '李明', teacherAvatar: null, lead: false },
      ],
    });

    // Edited: the notes emptied, the points reordered, one teacher left.
    c = await ok(saveLesson(teacher, courseId, { ...FACE, lessonId: lesson.id, sectionId, notes: '', points: ['接线步骤', '安全规范'], teachers: ['李明'] }));
    expect(lessonNamed(c, FACE.name)).toMatchObject({ notes: null, points: ['接线步骤', '安全规范'], teachers: ['李明'], teacherAvatars: [null] });
    expect(await read()).toMatchObject({ desc: null, points: [{ pointDesc: '接线步骤' }, { pointDesc: '安全规范' }], teacherList: [{ teacherName: '李明' }] });

    // Bad input is refused with the form's words and changes nothing.
    const bad: [Partial<crs.LessonInput>, string][] = [
      [{ points: ['  '] }, '课堂知识点不能为空'],
      [{ points: Array.from({ length: 21 }, (_, i) => `要点${i}`) }, '课堂知识点最多 20 条'],
      [{ teachers: ['王建华'], teacherAvatars: ['javascript:alert(1)'] }, ''],
      [{ notes: 'x'.repeat(2001) }, ''],
    ];
    for (const [change, message] of bad) {
      const res = await saveLesson(teacher, courseId, { ...FACE, lessonId: lesson.id, sectionId, ...change });
      expect(res.body, JSON.stringify(change).slice(0, 60)).toMatchObject({ code: 400 });
      if (message) expect(res.body).toMatchObject({ message });
    }
    expect(await read()).toMatchObject({ points: [{ pointDesc: '接线步骤' }, { pointDesc: '安全规范' }], teacherList: [{ teacherName: '李明' }] });

    // Made another type, the lesson keeps no face-to-face notes or points.
    c = await ok(
      saveLesson(teacher, courseId, { lessonId: lesson.id, sectionId, name: FACE.name, classroomType: 6, mustLearn: 1, notes: '不应保存', points: ['x'] }),
    );
    expect(lessonNamed(c, FACE.name)).toMatchObject({ notes: null, points: [], teachers: [] });
  });
});

describe('introduction blocks', () => {
  test('a teacher of the class adds, reorders and removes blocks; the learner course detail shows them in that order', async () => {
    const { teacher, classId, courseId, student } = await setup();
    const current = await ok<crs.AdminCourse>(s().call(crs.adminCourseGet, {}, onCourse(teacher, courseId, DEMO.id)));
    const save = (introductions: crs.CourseIntroBlock[]) =>
      s().call(
        crs.adminCourseSave,
        { id: courseId, name: current.name, courseNature: current.courseNature, courseContent: current.courseContent, introductions },
        onCourse(teacher, courseId, DEMO.id),
      );
    const teacherBlock = { introduceType: 1, teacherName: '张老师', teacherHeadUrl: '/files/demo/202611/zhang.png', roleCode: 't_kcls' };
    const tutorBlock = { introduceType: 1, teacherName: '李辅导', teacherHeadUrl: null, roleCode: 't_fdls' };
    const materials = { introduceType: 3, outline: '配套讲义', describe: '每章一份 PDF' };
    let c = await ok<crs.AdminCourse>(save([teacherBlock, tutorBlock, materials]));
    expect(c.introductions.map((b) => b.teacherName ?? b.outline)).toEqual(['张老师', '李辅导', '配套讲义']);
    const detail = () =>
      ok<course.CourseDetail>(s().call(course.courseDetail, { courseId, classId, classStudentId: student.studentId }, withToken(student.user.token)));
    expect((await detail()).introduceDetailList).toMatchObject([
      { introduceType: 1, teacherName: '张老师', teacherHeadUrl: '/files/demo/202611/zhang.png', roleCode: 't_kcls' },
      { introduceType: 1, teacherName: '李辅导', teacherHeadUrl: null, roleCode: 't_fdls' },
      { introduceType: 3, outline: '配套讲义', describe: '每章一份 PDF' },
    ]);
    // Reordered and one removed: the list is replaced as sent.
    c = await ok(save([materials, teacherBlock]));
    expect((await detail()).introduceDetailList.map((b) => b.teacherName ?? b.outline)).toEqual(['配套讲义', '张老师']);
    // A picture that is not an address is refused; nothing changes.
    const res = await save([{ ...teacherBlock, teacherHeadUrl: 'javascript:alert(1)' }]);
    expect(res.body).toMatchObject({ code: 400 });
    expect((await detail()).introduceDetailList).toHaveLength(2);
    expect(c.introductions).toHaveLength(2);
  });
});
