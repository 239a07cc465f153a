import type { DB } from '~/server/db/database';
import { newId } from '~/server/ids';
import { DEMO_TENANT, type SeedTenant } from './demo-data';
import type { FeatureSeeder } from './seeder';

/**
 * The online classroom's demo content (issue 12): the content JSON of the demo school's course
 * '电工基础与安全用电' — a video in LD/SD/HD, an audio lesson, an article (rich text shows uploaded
 * pictures only, decision 049, and the seeder writes no files: the article has none), a PDF
 * handout, an image handout with its summary and a resource pack (archive) to download — all from
 * public/media/learning/ — and a section of lessons of the types that show only an icon (20, 90,
 * 91), one with a file and two without. Runs after seedLearning and finds its lessons by name;
 * the student's progress to resume from is the learning seeder's (欧姆定律音频讲解 at 40%,
 * 电路的基本概念 studied).
 */

const MEDIA = '/media/learning';

export const ONLINE_COURSE = '电工基础与安全用电';

export const ONLINE_CONTENT: Record<string, unknown> = {
  电路的基本概念: {
    pageData: [{ type: 'video', url: `${MEDIA}/lesson-720p.mp4` }],
    transCodeVideoList: [
      { templateType: 'LD', url: `${MEDIA}/lesson-360p.mp4` },
      { templateType: 'SD', url: `${MEDIA}/lesson-480p.mp4` },
      { templateType: 'HD', url: `${MEDIA}/lesson-720p.mp4` },
    ],
  },
  欧姆定律音频讲解: { pageData: [{ type: 'audio', url: `${MEDIA}/lesson-audio.mp3` }] },
  正弦交流电阅读材料: {
    pageData: [
      {
        type: 'article',
        html:
          '<h2>正弦交流电的三要素</h2><p>正弦交流电的大小和方向随时间按正弦规律变化，<strong>最大值、角频率和初相位</strong>称为它的三要素。</p>' +
          '<p>我国工频交流电的频率为 50 Hz，周期为 0.02 s。</p><script>alert(1)</script><p onclick="alert(2)">有效值约为最大值的 0.707 倍。</p>',
      },
    ],
  },
  三相交流电讲义: { pageData: [{ type: 'document', url: `${MEDIA}/handout.pdf`, fileName: '三相交流电讲义.pdf' }] },
  安全规范资料包: { pageData: [{ type: 'file', url: `${MEDIA}/safety-pack.zip`, fileName: '安全规范资料包.zip' }] },
  触电急救图解: {
    pageData: [
      { type: 'image', url: `${MEDIA}/handout-1.jpg` },
      { type: 'image', url: `${MEDIA}/handout-2.jpg` },
      { type: 'image', url: `${MEDIA}/handout-3.jpg` },
      { type: 'summary', text: '发现有人触电，先切断电源或用绝缘物挑开电线，再判断呼吸和心跳，必要时立即进行心肺复苏并拨打 120。' },
    ],
  },
};

/** The chapter that gets the section of icon-only lessons. */
export const EXTRA_CHAPTER = '第二章 安全用电';
export const EXTRA_SECTION = '第二节 拓展资源';

/**
 * Elective lessons of the types with an icon but no label (20, 90, 91): they count in no
 * duty. Added here rather than in the learning seeder's course, so the activities it makes from
 * the course's lessons stay as they are.
 */
export const EXTRA_LESSONS: readonly { name: string; type: 20 | 90 | 91; content: unknown }[] = [
  { name: '安全用电互动练习', type: 20, content: { pageData: [{ type: 'file', url: `${MEDIA}/safety-pack.zip`, fileName: '安全用电互动练习.zip' }] } },
  { name: '电工实操虚拟仿真', type: 90, content: null },
  { name: '电气安全标准速查', type: 91, content: null },
];

export const seedOnlineClassroom: FeatureSeeder = async (db: DB, tenant: SeedTenant, now: number) => {
  if (tenant.id !== DEMO_TENANT.id) return;
  const course = await db
    .selectFrom('courses')
    .select(['id', 'createdAt'])
    .where('tenantId', '=', tenant.id)
    .where('name', '=', ONLINE_COURSE)
    .executeTakeFirst();
  if (!course) return;
  const chapter = await db
    .selectFrom('courseChapters')
    .select('id')
    .where('tenantId', '=', tenant.id)
    .where('courseId', '=', course.id)
    .where('parentId', 'is', null)
    .where('name', '=', EXTRA_CHAPTER)
    .executeTakeFirst();
  if (chapter) {
    const sections = await db.selectFrom('courseChapters').select('seq').where('tenantId', '=', tenant.id).where('parentId', '=', chapter.id).execute();
    const lessons = await db.selectFrom('classrooms').select('seq').where('tenantId', '=', tenant.id).where('courseId', '=', course.id).execute();
    const sectionId = newId(now);
    await db
      .insertInto('courseChapters')
      .values({
        id: sectionId,
        tenantId: tenant.id,
        courseId: course.id,
        parentId: chapter.id,
        name: EXTRA_SECTION,
        seq: Math.max(-1, ...sections.map((x) => Number(x.seq))) + 1,
        createdAt: Number(course.createdAt),
      })
      .execute();
    const after = Math.max(-1, ...lessons.map((x) => Number(x.seq))) + 1;
    await db
      .insertInto('classrooms')
      .values(
        EXTRA_LESSONS.map((l, i) => ({
          id: newId(now),
          tenantId: tenant.id,
          courseId: course.id,
          sectionId,
          name: l.name,
          classroomType: l.type,
          mustLearn: 0,
          durationMs: 0,
          classroomContent: l.content === null ? null : JSON.stringify(l.content),
          position: null,
          address: null,
          classStartAt: null,
          classEndAt: null,
          liveStatus: null,
          seq: after + i,
          createdAt: Number(course.createdAt),
        })),
      )
      .execute();
  }
  for (const [name, content] of Object.entries(ONLINE_CONTENT)) {
    await db
      .updateTable('classrooms')
      .set({ classroomContent: JSON.stringify(content) })
      .where('tenantId', '=', tenant.id)
      .where('courseId', '=', course.id)
      .where('name', '=', name)
      .execute();
  }
};
