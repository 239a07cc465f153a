import type { DB } from '~/server/db/database';
import { DAY } from '~/lib/time/cst';
import { newId } from '~/server/ids';
import type { SeedTenant } from './demo-data';
import { LEARNING_CLASSES } from './learning-data';
import type { FeatureSeeder } from './seeder';

/**
 * The face-to-face classrooms of the learning demo: before-class notes,
 * numbered knowledge points and teachers (a lead and assistants) for the face-to-face lessons of
 * classes A and B, and highlights (a video and two images) for each of their activities that has
 * ended; activities under way or still to come have none (the page says the school has not
 * uploaded any).
 * Runs after seedLearning and finds its rows by name.
 */

interface SeedOfflineLesson {
  name: string;
  notes: string;
  points: string[];
  teachers: { name: string; avatar: string | null }[];
}

export const OFFLINE_LESSONS: readonly SeedOfflineLesson[] = [
  {
    name: '接触器安装实操',
    notes: '请穿绝缘鞋、携带电工工具包，提前 10 分钟到实训楼 302 室签到；课前复习《接触器与继电器》一节。',
    points: ['交流接触器的结构与工作原理', '主触点与辅助触点的接线方法', '自锁控制电路的安装与调试', '通电试车前的安全检查'],
    teachers: [
      { name: '王建华', avatar: '/images/engagement/avatar-2.svg' },
      { name: '李晓东', avatar: null },
      { name: '陈思雨', avatar: null },
    ],
  },
  {
    name: 'PLC 编程实训',
    notes: '请自带笔记本电脑并提前安装编程软件；实训室每个工位两人一组，按接线图完成接线后再通电。',
    points: ['PLC 的输入输出接线', '基本逻辑指令编程', '定时器与计数器的应用', '程序下载与在线监控'],
    teachers: [
      { name: '刘敏', avatar: null },
      { name: '张志强', avatar: null },
    ],
  },
];

export const HIGHLIGHTS = [
  { fileType: 'VIDEO', url: '/media/learning/highlight.mp4', cover: '/media/learning/highlight-1.jpg', titbitName: '实操演示视频' },
  { fileType: 'IMAGE', url: '/media/learning/highlight-1.jpg', cover: null, titbitName: '分组实操现场' },
  { fileType: 'IMAGE', url: '/media/learning/highlight-2.jpg', cover: null, titbitName: '老师现场指导' },
] as const;

const CLASS_KEYS = ['A', 'B'];

export const seedOfflineClassroom: FeatureSeeder = async (db: DB, tenant: SeedTenant, now) => {
  const classNames = (LEARNING_CLASSES[tenant.id] ?? []).filter((c) => CLASS_KEYS.includes(c.key)).map((c) => c.name);
  if (!classNames.length) return;
  const lessons = await db
    .selectFrom('classrooms')
    .select(['id', 'name'])
    .where('tenantId', '=', tenant.id)
    .where(
      'name',
      'in',
      OFFLINE_LESSONS.map((l) => l.name),
    )
    .execute();
  if (!lessons.length) return;
  const created = now - 30 * DAY;
  const byId = new Map(lessons.map((l) => [l.id, OFFLINE_LESSONS.find((o) => o.name === l.name)!]));
  await db
    .insertInto('offlineClassrooms')
    .values(lessons.map((l) => ({ classroomId: l.id, tenantId: tenant.id, beforeClassNotes: byId.get(l.id)!.notes, createdAt: created })))
    .execute();
  await db
    .insertInto('classroomPoints')
    .values(
      lessons.flatMap((l) =>
        byId.get(l.id)!.points.map((pointDesc, seq) => ({ id: newId(now), tenantId: tenant.id, classroomId: l.id, pointDesc, seq, createdAt: created })),
      ),
    )
    .execute();
  await db
    .insertInto('classroomTeachers')
    .values(
      lessons.flatMap((l) =>
        byId.get(l.id)!.teachers.map((t, seq) => ({
          id: newId(now),
          tenantId: tenant.id,
          classroomId: l.id,
          teacherName: t.name,
          teacherAvatar: t.avatar,
          seq,
          createdAt: created,
        })),
      ),
    )
    .execute();
  const ended = await db
    .selectFrom('classActivities as a')
    .innerJoin('teachingClasses as c', 'c.id', 'a.classId')
    .select('a.id')
    .where('a.tenantId', '=', tenant.id)
    .where('c.name', 'in', classNames)
    .where(
      'a.classroomId',
      'in',
      lessons.map((l) => l.id),
    )
    .where('a.endAt', '<=', now)
    .execute();
  if (!ended.length) return;
  await db
    .insertInto('activityHighlights')
    .values(ended.flatMap((a) => HIGHLIGHTS.map((h, seq) => ({ id: newId(now), tenantId: tenant.id, activityId: a.id, ...h, seq, createdAt: now }))))
    .execute();
};
