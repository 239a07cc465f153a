import { describe, expect, test } from 'vitest';
import * as crs from '~/lib/api/contracts/admin-courses';
import * as mediaApi from '~/lib/api/contracts/admin-media';
import * as online from '~/lib/api/contracts/classroom-online';
import * as offline from '~/lib/api/contracts/classroom-offline';
import * as course from '~/lib/api/contracts/learning-course';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { jobScope, runDueJobs } from '~/server/jobs/runner';
import { DEMO, HUAXIA, useTestServer } from '../setup/server';
import { asStaff } from '../setup/staff';
import { withToken } from '../setup/users';
import { PNG_1PX } from '../setup/files';
import { testAudio, testVideo } from '../setup/media';
import { makeClass, ok, onClass, staffer, type Staffer } from '../setup/classes';
import { attach, courseWithSection, makeCourse, onCourse, studentOf, uploadMedia } from '../setup/courses';
import { expectRefused } from '../setup/api';
import { ErrorCode } from '~/lib/envelope';
import { t } from '~/server/i18n';

/**
 * The staff side of courses: courses (list, search, nature, create, edit, delete refused while a
 * class teaches one), chapters and sections (add, rename, order, delete refused while not empty),
 * lessons of every type the learner area plays, saved by staff and read back by the learner's
 * classroom call exactly as the player needs them, duty targets and the learner's figures after
 * them, a class's courses (attach, order, detach refused once studied), and the scope: a teacher
 * reaches only the courses of their classes.
 */

const server = useTestServer();
const s = () => server();

async function setup() {
  const admin = await staffer(s(), DEMO.id, STAFF_ROLE.admin);
  const teacher = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
  const made = await makeClass(s(), admin, DEMO.id, { teachers: [{ accountId: teacher.account.id, role: 'course' }] });
  const { course: c, chapterId, sectionId } = await courseWithSection(s(), admin, DEMO.id);
  await attach(s(), admin, DEMO.id, made.id, c.id);
  return { admin, teacher, classId: made.id, courseId: c.id, chapterId, sectionId };
}

const saveLesson = (who: Staffer, courseId: string, input: crs.LessonInput) => s().call(crs.adminLessonSave, input, onCourse(who, courseId, DEMO.id));
const lessonNamed = (c: crs.AdminCourse, name: string) => c.lessons.find((l) => l.name === name)!;

function learner(user: { token: string }, classId: string, courseId: string, studentId: string) {
  const ref = (classroomId: string) => ({ classroomId, courseId, classId, studentId });
  return {
    lesson: async (classroomId: string) => ok<online.ClassroomLesson>(s().call(online.classroomDetail, ref(classroomId), withToken(user.token))),
    open: async (classroomId: string) => ok<online.LessonProgress>(s().call(online.recordView, ref(classroomId), withToken(user.token))),
    detail: async () => ok<course.CourseDetail>(s().call(course.courseDetail, { courseId, classId, classStudentId: studentId }, withToken(user.token))),
    stats: async () => ok<course.CourseStatistics>(s().call(course.courseStatistics, { courseId, classId, classStudentId: studentId }, withToken(user.token))),
    outline: async () => ok<online.CourseOutline>(s().call(online.courseOutline, { courseId, classId, studentId }, withToken(user.token))),
  };
}

describe('courses', () => {
  test('create, list with search, nature filter and paging; administrators alone create; the learner reads what staff set', async () => {
    const admin = await staffer(s(), DEMO.id, STAFF_ROLE.admin);
    const tag = `检索${process.pid}${Date.now() % 10000}`;
    const online1 = await makeCourse(s(), admin, DEMO.id, { name: `${tag}线上`, courseNature: 1 });
    await makeCourse(s(), admin, DEMO.id, { name: `${tag}面授`, courseNature: 0 });
    const mixed = await makeCourse(s(), admin, DEMO.id, { name: `${tag}混合`, courseNature: 2 });
    const list = (q: crs.AdminCourseQuery) =>
      ok<{ records: crs.AdminCourseSummary[]; total: number }>(s().call(crs.adminCourses, q, asStaff(admin.session, DEMO.id)));
    expect((await list({ name: tag })).total).toBe(3);
    expect((await list({ name: tag, courseNature: 1 })).records.map((r) => r.id)).toEqual([online1.id]);
    expect((await list({ name: tag, courseNature: 2 })).records.map((r) => r.id)).toEqual([mixed.id]);
    expect((await list({ name: tag, size: 2, current: 2 })).records).toHaveLength(1);
    expect(online1).toMatchObject({
      learningPlatform: 0,
      learningUrl: `/study/course/course-detail?courseId=${online1.id}`,
      classCount: 0,
      may: { delete: true },
    });

    const teacher = await staffer(s(), DEMO.id, STAFF_ROLE.teacher);
    const refused = await s().call(crs.adminCourseSave, { name: '老师新建', courseNature: 1 }, asStaff(teacher.session, DEMO.id));
    expect(refused.body).toMatchObject({ code: 403, message: '只有管理员可以新建或删除课程' });
    // A teacher lists only the courses of their classes: none yet.
    expect((await ok<{ total: number }>(s().call(crs.adminCourses, { name: tag }, asStaff(teacher.session, DEMO.id)))).total).toBe(0);
  });

  test('a third-party course opens on its platform; the rich-text introduction is sanitised when saved and when shown', async () => {
    const { admin, teacher, classId, courseId } = await setup();
    const noUrl = await s().call(crs.adminCourseSave, { id: courseId, name: '实训', courseNature: 1, thirdPlatformType: 12 }, asStaff(admin.session, DEMO.id));
    expect(noUrl.body).toMatchObject({ code: 400, message: '第三方课程请填写学习地址' });
    // The teacher of a class that teaches it edits it.
    const edited = await ok<crs.AdminCourse>(
      s().call(
        crs.adminCourseSave,
        {
          id: courseId,
          name: '工业互联网实训',
          courseNature: 2,
          thirdPlatformType: 12,
          learningPlatform: 1,
          learningUrl: 'https://training.example.com/course/x',
          courseClassCode: 'X-01',
          cover: '/files/demo/202611/cover.png',
          introduce: '在合作平台完成实训',
          courseContent: '<p>课程<strong>介绍</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)">',
          introductions: [
            { introduceType: 1, teacherName: '王建华', roleCode: 't_kcls', describe: '高级讲师' },
            { introduceType: 3, outline: '教材', describe: '《电工基础》' },
          ],
        },
        asStaff(teacher.session, DEMO.id),
      ),
    );
    expect(edited.courseContent).not.toMatch(/script|onerror/);
    expect(edited.courseContent).toContain('<strong>介绍</strong>');
    expect(edited.may).toEqual({ edit: true, delete: false });
    const student = await studentOf(s(), admin, DEMO.id, classId);
    const detail = await learner(student.user, classId, courseId, student.studentId).detail();
    expect(detail).toMatchObject({
      courseName: '工业互联网实训',
      courseNature: 2,
      thirdPlatformType: 12,
      learningPlatform: 1,
      learningUrl: 'https://training.example.com/course/x',
      cover: '/files/demo/202611/cover.png',
      introduce: '在合作平台完成实训',
    });
    expect(detail.courseContent).not.toMatch(/script|onerror/);
    expect(detail.introduceDetailList).toEqual([
      { introduceType: 1, teacherName: '王建华', teacherHeadUrl: null, roleCode: 't_kcls', outline: null, describe: '高级讲师' },
      { introduceType: 3, teacherName: null, teacherHeadUrl: null, roleCode: null, outline: '教材', describe: '《电工基础》' },
    ]);
  });

  test('a course a class teaches is not deleted (the count is given); detached, it is', async () => {
    const { admin, teacher, classId, courseId } = await setup();
    expectRefused(await s().call(crs.adminCourseDelete, {}, onCourse(teacher, courseId, DEMO.id)), ErrorCode.FORBIDDEN, t('staff.forbidden'));
    const refused = await s().call(crs.adminCourseDelete, {}, onCourse(admin, courseId, DEMO.id));
    expect(refused.body).toMatchObject({ code: 409, message: '该课程已被 1 个班级使用，请先从班级中移除后再删除' });
    await ok(s().call(crs.adminClassCourseDetach, { courseId }, onClass(admin, classId, DEMO.id)));
    await ok(s().call(crs.adminCourseDelete, {}, onCourse(admin, courseId, DEMO.id)));
    expect((await s().call(crs.adminCourseGet, {}, onCourse(admin, courseId, DEMO.id))).body).toMatchObject({ code: 404, message: '课程不存在或已删除' });
  });
});

describe('chapters and sections', () => {
  test('add, rename, order, and delete refused while a section or a lesson is in it', async () => {
    const { admin, courseId, chapterId, sectionId } = await setup();
    const on = onCourse(admin, courseId, DEMO.id);
    await ok(s().call(crs.adminChapterSave, { name: '第二章' }, on));
    let c = await ok<crs.AdminCourse>(s().call(crs.adminChapterSave, { name: '第三章' }, on));
    const tops = () => c.chapters.filter((x) => x.parentId === null).map((x) => x.name);
    expect(tops()).toEqual(['第一章 基础', '第二章', '第三章']);
    const third = c.chapters.find((x) => x.name === '第三章')!.id;
    c = await ok(s().call(crs.adminChapterMove, { chapterId: third, direction: 'up' }, on));
    expect(tops()).toEqual(['第一章 基础', '第三章', '第二章']);
    expect((await s().call(crs.adminChapterMove, { chapterId, direction: 'up' }, on)).body).toMatchObject({ code: 400, message: '已经在最前或最后，无法移动' });
    c = await ok(s().call(crs.adminChapterSave, { chapterId: third, name: '第三章 进阶' }, on));
    expect(tops()).toEqual(['第一章 基础', '第三章 进阶', '第二章']);
    // Two levels: no section in a section.
    expect((await s().call(crs.adminChapterSave, { name: '小小节', parentId: sectionId }, on)).body).toMatchObject({
      code: 400,
      message: '小节只能添加在章下',
    });
    expect((await s().call(crs.adminChapterDelete, { chapterId }, on)).body).toMatchObject({
      code: 409,
      message: '该章节下还有 1 个小节或课堂，请先移走或删除',
    });
    await ok(saveLesson(admin, courseId, { sectionId, name: '文章', classroomType: 3, mustLearn: 1, html: '<p>正文</p>' }));
    expect((await s().call(crs.adminChapterDelete, { chapterId: sectionId }, on)).body).toMatchObject({
      code: 409,
      message: '该章节下还有 1 个小节或课堂，请先移走或删除',
    });
    c = await ok(s().call(crs.adminChapterDelete, { chapterId: third }, on));
    expect(tops()).toEqual(['第一章 基础', '第二章']);
  });
});

describe('lessons', () => {
  test('every lesson type saved by staff is read by the learner classroom exactly as the player needs it', async () => {
    const { admin, teacher, classId, courseId, sectionId } = await setup();
    const session = teacher.session;
    const video = await uploadMedia(s(), session, DEMO.id, '课程录像.mp4', testVideo(1280, 720, 1));
    const audio = await uploadMedia(s(), session, DEMO.id, '课程音频.mp3', testAudio(1));
    const pdf = await uploadMedia(s(), session, DEMO.id, '讲义.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(100, 0x20)]));
    const zip = await uploadMedia(s(), session, DEMO.id, '资料包.zip', Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60)]));
    const img1 = await uploadMedia(s(), session, DEMO.id, '图1.png', PNG_1PX);
    const img2 = await uploadMedia(s(), session, DEMO.id, '图2.png', PNG_1PX);
    // Not processed yet: the video cannot be used.
    const early = await saveLesson(teacher, courseId, { sectionId, name: '录像课', classroomType: 1, mustLearn: 1, assetIds: [video] });
    expect(early.body).toMatchObject({ code: 409, message: '该文件尚未处理完成' });
    await runDueJobs(jobScope(s().runtime));

    const lessons: [string, crs.LessonInput][] = [
      ['video', { sectionId, name: '录像课', classroomType: 1, mustLearn: 1, assetIds: [video] }],
      ['audio', { sectionId, name: '音频课', classroomType: 2, mustLearn: 1, assetIds: [audio] }],
      [
        'article',
        {
          sectionId,
          name: '文章课',
          classroomType: 3,
          mustLearn: 0,
          html: '<p>正文<b>重点</b></p><script>alert(1)</script><a href="javascript:alert(2)">x</a>',
        },
      ],
      ['document', { sectionId, name: '讲义课', classroomType: 4, mustLearn: 1, assetIds: [pdf] }],
      ['archive', { sectionId, name: '资料课', classroomType: 5, mustLearn: 0, assetIds: [zip] }],
      ['images', { sectionId, name: '图解课', classroomType: 8, mustLearn: 0, assetIds: [img1, img2], summary: '先断电' }],
      ['homework', { sectionId, name: '课后作业', classroomType: 6, mustLearn: 1 }],
      ['test', { sectionId, name: '单元测试', classroomType: 7, mustLearn: 1 }],
      ['live', { sectionId, name: '直播课', classroomType: 10, mustLearn: 1, liveStatus: 0, start: '2026-12-01 19:00', end: '2026-12-01 20:30' }],
      [
        'face',
        {
          sectionId,
          name: '面授课',
          classroomType: 11,
          mustLearn: 1,
          start: '2026-12-02 09:00',
          end: '2026-12-02 11:00',
          position: '301 教室',
          address: '北京市海淀区学院路 1 号',
          teachers: ['王建华', '李明'],
        },
      ],
    ];
    let c!: crs.AdminCourse;
    for (const [, input] of lessons) c = await ok(saveLesson(teacher, courseId, input));
    expect(c.lessons.map((l) => l.name)).toEqual(lessons.map(([, l]) => l.name));

    const assets = await ok<{ records: { id: string; durationMs: number | null; renditions: { quality: string; url: string }[] }[] }>(
      s().call(mediaApi.adminMediaPage, { size: 100 }, asStaff(session, DEMO.id)),
    );
    const videoAsset = assets.records.find((a) => a.id === video)!;
    const audioAsset = assets.records.find((a) => a.id === audio)!;
    expect(videoAsset.renditions.map((r) => r.quality)).toEqual(['360P', '480P', '720P']);
    // The length is the file's: never typed.
    expect(lessonNamed(c, '录像课')).toMatchObject({ durationMs: videoAsset.durationMs, assetIds: [video] });
    expect(lessonNamed(c, '音频课').durationMs).toBe(audioAsset.durationMs);
    expect(lessonNamed(c, '面授课').teachers).toEqual(['王建华', '李明']);

    const student = await studentOf(s(), admin, DEMO.id, classId);
    const me = learner(student.user, classId, courseId, student.studentId);
    const read = (name: string) => me.lesson(lessonNamed(c, name).id);
    const v = await read('录像课');
    expect(v.classroomDuration).toBe(videoAsset.durationMs);
    expect(v.chapterName).toBe('第一章 基础');
    expect(v.nodeName).toBe('第一节 概念');
    expect(v.content).toEqual({
      kind: 'media',
      mediaType: 1,
      url: videoAsset.renditions[2]!.url,
      sources: videoAsset.renditions.map((r) => ({ quality: r.quality, url: r.url })),
    });
    expect((await read('音频课')).content).toMatchObject({ kind: 'media', mediaType: 2, sources: [] });
    const article = (await read('文章课')).content;
    if (article.kind !== 'article') throw new Error('not an article');
    // The editor's terms (decision 049): <b> is written as <strong>.
    expect(article.html).toContain('<strong>重点</strong>');
    expect(article.html).not.toMatch(/script|javascript:/);
    expect(lessonNamed(c, '文章课').html).not.toMatch(/script|javascript:/);
    expect((await read('讲义课')).content).toMatchObject({ kind: 'document', fileName: '讲义.pdf', pdf: true });
    expect((await read('资料课')).content).toMatchObject({ kind: 'other', fileName: '资料包.zip' });
    const images = (await read('图解课')).content;
    expect(images).toMatchObject({ kind: 'images', summary: '先断电' });
    expect((images as { images: string[] }).images).toHaveLength(2);
    expect((await read('课后作业')).content).toEqual({ kind: 'work', workType: 6 });
    expect((await read('单元测试')).content).toEqual({ kind: 'work', workType: 7 });
    expect((await read('直播课')).content).toEqual({
      kind: 'live',
      liveStatus: 0,
      classStartTime: '2026-12-01 19:00:00',
      classEndTime: '2026-12-01 20:30:00',
      url: null,
    });
    // The face-to-face lesson, as the face-to-face classroom shows it.
    const face = await ok<offline.OfflineClassroom>(
      s().call(
        offline.offlineClassroomDetail,
        { classroomId: lessonNamed(c, '面授课').id, classId, courseId, studentId: student.studentId },
        withToken(student.user.token),
      ),
    );
    expect(face).toMatchObject({
      classroomName: '面授课',
      isRequired: 1,
      position: '301 教室',
      address: '北京市海淀区学院路 1 号',
      classStartTime: '2026-12-02 09:00:00',
      classEndTime: '2026-12-02 11:00:00',
      teacherList: [
        { teacherName: '王建华', teacherAvatar: null, lead: true },
        { teacherName: '李明', teacherAvatar: null, lead: false },
      ],
    });
    // A replay later: the status and its address.
    const live = lessonNamed(c, '直播课');
    c = await ok(
      saveLesson(teacher, courseId, {
        lessonId: live.id,
        sectionId,
        name: '直播课',
        classroomType: 10,
        mustLearn: 1,
        liveStatus: 3,
        start: '2026-12-01 19:00',
        end: '2026-12-01 20:30',
        replayUrl: 'https://live.example.com/replay/1.mp4',
      }),
    );
    expect((await read('直播课')).content).toMatchObject({ kind: 'live', liveStatus: 3, url: 'https://live.example.com/replay/1.mp4' });
    const outline = await me.outline();
    expect(outline.chapters[0]!.sections[0]!.lessons.map((l) => l.name)).toEqual(lessons.map(([, l]) => l.name));
  }, 90_000);

  test('a media lesson needs a ready file of its own kind from the school', async () => {
    const { admin, teacher, courseId, sectionId } = await setup();
    const pdf = await uploadMedia(s(), teacher.session, DEMO.id, '讲义2.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(50, 0x20)]));
    const other = await staffer(s(), HUAXIA.id, STAFF_ROLE.admin);
    const foreign = await uploadMedia(s(), other.session, HUAXIA.id, '华夏讲义.pdf', Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(50, 0x20)]));
    const lesson = (over: Partial<crs.LessonInput>) => saveLesson(admin, courseId, { sectionId, name: '课', classroomType: 4, mustLearn: 1, ...over });
    expect((await lesson({ assetIds: [] })).body).toMatchObject({ code: 400, message: '请从媒体库选择文件' });
    expect((await lesson({ classroomType: 1, assetIds: [pdf] })).body).toMatchObject({ code: 400, message: '所选文件的类型与课堂类型不一致' });
    expect((await lesson({ assetIds: [foreign] })).body).toMatchObject({ code: 400, message: '所选文件不存在或已删除' });
    expect((await lesson({ assetIds: [pdf, pdf] })).body).toMatchObject({ code: 400, message: '此类课堂只能选择一个文件' });
    const c = await ok<crs.AdminCourse>(s().call(crs.adminCourseGet, {}, onCourse(admin, courseId, DEMO.id)));
    expect(c.lessons).toEqual([]);
  });

  test('order within a section, move to another section, delete refused once a student studied it', async () => {
    const { admin, classId, courseId, chapterId, sectionId } = await setup();
    const on = onCourse(admin, courseId, DEMO.id);
    const other = await ok<crs.AdminCourse>(s().call(crs.adminChapterSave, { name: '第二节', parentId: chapterId }, on));
    const second = other.chapters.find((x) => x.name === '第二节')!.id;
    let c!: crs.AdminCourse;
    for (const name of ['甲', '乙', '丙'])
      c = await ok(saveLesson(admin, courseId, { sectionId, name, classroomType: 3, mustLearn: 1, html: `<p>${name}</p>` }));
    const names = (section: string) => c.lessons.filter((l) => l.sectionId === section).map((l) => l.name);
    c = await ok(s().call(crs.adminLessonMove, { lessonId: lessonNamed(c, '丙').id, direction: 'up' }, on));
    expect(names(sectionId)).toEqual(['甲', '丙', '乙']);
    c = await ok(s().call(crs.adminLessonMove, { lessonId: lessonNamed(c, '甲').id, sectionId: second }, on));
    expect(names(sectionId)).toEqual(['丙', '乙']);
    expect(names(second)).toEqual(['甲']);
    expectRefused(
      await s().call(crs.adminLessonMove, { lessonId: lessonNamed(c, '甲').id, direction: 'down' }, on),
      ErrorCode.BAD_REQUEST,
      t('courses.cannotMove'),
    );

    const student = await studentOf(s(), admin, DEMO.id, classId);
    const me = learner(student.user, classId, courseId, student.studentId);
    await me.open(lessonNamed(c, '乙').id);
    c = await ok(s().call(crs.adminCourseGet, {}, on));
    expect(lessonNamed(c, '乙').studyRecords).toBe(1);
    expect((await s().call(crs.adminLessonDelete, { lessonId: lessonNamed(c, '乙').id }, on)).body).toMatchObject({
      code: 409,
      message: '已有 1 条学员学习记录，不能删除该课堂；可改为选修课堂',
    });
    c = await ok(s().call(crs.adminLessonDelete, { lessonId: lessonNamed(c, '丙').id }, on));
    expect(c.lessons.map((l) => l.name).sort()).toEqual(['乙', '甲'].sort());
    // Detaching the course from the class is refused too while its students have records.
    expect((await s().call(crs.adminClassCourseDetach, { courseId }, onClass(admin, classId, DEMO.id))).body).toMatchObject({
      code: 409,
      message: '本班学员在该课程已有 1 条学习记录，不能移除；可调整学习时间',
    });
  });
});

describe('duty targets', () => {
  test("the learner's duty figures follow the course's targets and the lessons' required flag", async () => {
    const { admin, classId, courseId, sectionId } = await setup();
    const on = onCourse(admin, courseId, DEMO.id);
    let c = await ok<crs.AdminCourse>(saveLesson(admin, courseId, { sectionId, name: '作业一', classroomType: 6, mustLearn: 1 }));
    c = await ok(saveLesson(admin, courseId, { sectionId, name: '作业二', classroomType: 6, mustLearn: 1 }));
    c = await ok(
      saveLesson(admin, courseId, {
        sectionId,
        name: '面授一',
        classroomType: 11,
        mustLearn: 1,
        start: '2026-12-02 09:00',
        end: '2026-12-02 11:00',
        position: '301',
      }),
    );
    expect(c.duties.every((d) => d.targetValue === 0)).toBe(true);
    const student = await studentOf(s(), admin, DEMO.id, classId);
    const me = learner(student.user, classId, courseId, student.studentId);
    expect((await me.stats()).resultMap).toEqual({});
    c = await ok(
      s().call(
        crs.adminCourseDuties,
        {
          duties: [
            { dutyType: 'ONLINE_HOMEWORK_SUBMIT', targetValue: 2 },
            { dutyType: 'OFFLINE_FACE2FACE_TEACHING_FIN_TIMES', targetValue: 1 },
          ],
        },
        on,
      ),
    );
    expect(c.duties.find((d) => d.dutyType === 'ONLINE_HOMEWORK_SUBMIT')!.targetValue).toBe(2);
    let stats = await me.stats();
    expect(stats.resultMap).toEqual({
      ONLINE_HOMEWORK_SUBMIT: { totalNum: 2, finishNum: 0 },
      OFFLINE_FACE2FACE_TEACHING_FIN_TIMES: { totalNum: 1, finishNum: 0 },
    });
    expect(stats.needLearnNumber).toBe(3);
    // One homework made elective: it no longer counts.
    const h2 = lessonNamed(c, '作业二');
    await ok(saveLesson(admin, courseId, { lessonId: h2.id, sectionId, name: '作业二', classroomType: 6, mustLearn: 0 }));
    // The face-to-face target set to 0: not counted any more.
    await ok(s().call(crs.adminCourseDuties, { duties: [{ dutyType: 'OFFLINE_FACE2FACE_TEACHING_FIN_TIMES', targetValue: 0 }] }, on));
    stats = await me.stats();
    expect(stats.resultMap).toEqual({ ONLINE_HOMEWORK_SUBMIT: { totalNum: 1, finishNum: 0 } });
    expect(stats.homeworkNumber).toBe(1);
    expect(stats.needLearnNumber).toBe(2);
    // A lesson's own targets are kept with it.
    c = await ok(
      saveLesson(admin, courseId, {
        lessonId: h2.id,
        sectionId,
        name: '作业二',
        classroomType: 6,
        mustLearn: 0,
        duties: [{ dutyType: 'ONLINE_HOMEWORK_SUBMIT', targetValue: 1 }],
      }),
    );
    expect(lessonNamed(c, '作业二').duties.find((d) => d.dutyType === 'ONLINE_HOMEWORK_SUBMIT')!.targetValue).toBe(1);
    expect((await me.stats()).resultMap).toEqual({ ONLINE_HOMEWORK_SUBMIT: { totalNum: 1, finishNum: 0 } });
  });
});

describe("a class's courses", () => {
  test('attach with a learning window, order, change the window, detach; the learner sees the window', async () => {
    const { admin, classId, courseId } = await setup();
    const second = await makeCourse(s(), admin, DEMO.id, { name: '第二门课' });
    const on = onClass(admin, classId, DEMO.id);
    let list = await attach(s(), admin, DEMO.id, classId, second.id);
    expect(list.map((x) => x.courseId)).toEqual([courseId, second.id]);
    list = await ok(s().call(crs.adminClassCourseMove, { courseId: second.id, direction: 'up' }, on));
    expect(list.map((x) => x.courseId)).toEqual([second.id, courseId]);
    list = await ok(s().call(crs.adminClassCourseAttach, { courseId, learnStart: '2026-12-01', learnEnd: '2026-12-31' }, on));
    expect(list.map((x) => x.courseId)).toEqual([second.id, courseId]);
    const student = await studentOf(s(), admin, DEMO.id, classId);
    const detail = await learner(student.user, classId, courseId, student.studentId).detail();
    expect(detail).toMatchObject({ learnStartTime: '2026-12-01 00:00:00', learnEndTime: '2026-12-31 23:59:59' });
    expect((await s().call(crs.adminClassCourseAttach, { courseId, learnStart: '2026-12-31', learnEnd: '2026-12-01' }, on)).body).toMatchObject({
      code: 400,
      message: '结束时间不能早于开始时间',
    });
    list = await ok(s().call(crs.adminClassCourseDetach, { courseId: second.id }, on));
    expect(list.map((x) => x.courseId)).toEqual([courseId]);
  });
});

describe('the course scope', () => {
  test("a teacher reaches the courses of their classes only; another class's course is not found, whatever the call", async () => {
    const a = await setup();
    const b = await setup();
    const lessonB = await ok<crs.AdminCourse>(
      saveLesson(b.admin, b.courseId, { sectionId: b.sectionId, name: '乙班课', classroomType: 3, mustLearn: 1, html: '<p>x</p>' }),
    );
    const lessonId = lessonB.lessons[0]!.id;
    const calls: [string, () => Promise<{ body: { code: number; message?: string } }>][] = [
      ['adminCourseGet', () => s().call(crs.adminCourseGet, {}, onCourse(a.teacher, b.courseId, DEMO.id))],
      ['adminCourseSave', () => s().call(crs.adminCourseSave, { id: b.courseId, name: '改', courseNature: 1 }, asStaff(a.teacher.session, DEMO.id))],
      ['adminChapterSave', () => s().call(crs.adminChapterSave, { name: '章' }, onCourse(a.teacher, b.courseId, DEMO.id))],
      ['adminChapterMove', () => s().call(crs.adminChapterMove, { chapterId: b.chapterId, direction: 'down' }, onCourse(a.teacher, b.courseId, DEMO.id))],
      ['adminChapterDelete', () => s().call(crs.adminChapterDelete, { chapterId: b.chapterId }, onCourse(a.teacher, b.courseId, DEMO.id))],
      ['adminLessonSave', () => saveLesson(a.teacher, b.courseId, { sectionId: b.sectionId, name: '课', classroomType: 3, mustLearn: 1, html: '<p>x</p>' })],
      ['adminLessonMove', () => s().call(crs.adminLessonMove, { lessonId, direction: 'up' }, onCourse(a.teacher, b.courseId, DEMO.id))],
      ['adminLessonDelete', () => s().call(crs.adminLessonDelete, { lessonId }, onCourse(a.teacher, b.courseId, DEMO.id))],
      ['adminCourseDuties', () => s().call(crs.adminCourseDuties, { duties: [] }, onCourse(a.teacher, b.courseId, DEMO.id))],
      ['adminClassCourses', () => s().call(crs.adminClassCourses, {}, onClass(a.teacher, b.classId, DEMO.id))],
    ];
    for (const [name, call] of calls) {
      const answer = await call();
      expect(answer.body.code, name).toBe(404);
    }
    // Their own class's course: reached.
    expect((await s().call(crs.adminCourseGet, {}, onCourse(a.teacher, a.courseId, DEMO.id))).body.code).toBe(0);
    expect((await s().call(crs.adminClassCourses, {}, onClass(a.teacher, a.classId, DEMO.id))).body.code).toBe(0);
    const mine = await ok<{ records: { id: string }[] }>(s().call(crs.adminCourses, { size: 100 }, asStaff(a.teacher.session, DEMO.id)));
    expect(mine.records.map((r) => r.id)).toEqual([a.courseId]);
    // Another school's administrator: the course does not exist there.
    const foreign = await staffer(s(), HUAXIA.id, STAFF_ROLE.admin);
    expectRefused(await s().call(crs.adminCourseGet, {}, onCourse(foreign, a.courseId, HUAXIA.id)), ErrorCode.NOT_FOUND, t('courses.notFound'));
    // Nothing of B changed.
    const after = await ok<crs.AdminCourse>(s().call(crs.adminCourseGet, {}, onCourse(b.admin, b.courseId, DEMO.id)));
    expect(after.chapters.map((x) => x.name)).toEqual(lessonB.chapters.map((x) => x.name));
    expect(after.lessons.map((x) => x.name)).toEqual(['乙班课']);
  });
});
