import { DEMO_TENANT, SECOND_TENANT } from './demo-data';
import { INTRODUCE_TYPE } from '~/lib/learning/codes';

/**
 * The learning demo: the demo student enrolled in classes in every serviceStatus
 * (-1..3) and teachingClassStatus (0..2), with two periods each (more than 8 in all, so the period
 * list pages), one class in experience mode and one with a learning goal; classmates; and the
 * second school's own student and class. Times are days from the moment of seeding; activities
 * are placed on China Standard Time days so today's are always today.
 */

export interface SeedLearner {
  mobile: string;
  nickName: string;
  realName: string;
  /** Only the second school's student logs in with a password (README "Demo accounts"). */
  password?: string;
}

export const CLASSMATES: readonly SeedLearner[] = [
  { mobile: '13900000002', nickName: '雨桐', realName: '李雨桐' },
  { mobile: '13900000003', nickName: '思远', realName: '陈思远' },
];

/** The second school's student: also enrolled in one class of the demo school (the partner edition lists both). */
export const SECOND_STUDENT: SeedLearner = { mobile: '13900000011', nickName: '华夏学员', realName: '赵一鸣', password: 'Demo2026' };

export interface SeedLesson {
  name: string;
  /** 1 video, 2 audio, 3 article, 4 document, 5 archive, 6 homework, 7 test, 8 image, 10 live, 11 face-to-face. */
  type: number;
  minutes: number;
  elective?: boolean;
  /** A live lesson's class time (days from seeding, at this CST hour) and its status (0 not started … 3 replay). */
  live?: { day: number; hour: number; status: number };
  /** The lesson's content JSON (classroomContent, with pageData). */
  content?: unknown;
}

/** An introduction block of a course (one entry of its introduceDetailList). */
export type SeedIntroduction =
  | { type: 0; describe: string }
  | { type: 1; teacherName: string; teacherHeadUrl: string | null; roleCode: 't_kcls' | 't_fdls' }
  | { type: 3 | 4; outline: string; describe: string };

export interface SeedCourse {
  key: string;
  name: string;
  /** 0 face-to-face, 1 online, 2 mixed. */
  nature: number;
  introduce: string;
  thirdPlatformType?: number;
  learningPlatform?: number;
  learningUrl?: string | null;
  courseClassCode?: string;
  /** A cover image under public/, or none (the page shows a neutral placeholder). */
  cover?: string;
  /** Introduction, teachers, supporting materials and quality service (course detail, 2.7). */
  introductions?: SeedIntroduction[];
  /**
   * Its lessons are left out of the pool the class's activity slots draw from (the exams seeder,
   * exams.ts, links activities to them itself), so adding the course moves no other activity.
   */
  noActivitySlots?: boolean;
  /** chapter name -> section name -> lessons */
  chapters: { name: string; sections: { name: string; lessons: SeedLesson[] }[] }[];
  duties: { dutyType: string; targetValue: number }[];
}

export interface SeedClass {
  key: string;
  name: string;
  productName: string;
  teachingClassStatus: 0 | 1 | 2;
  trainingDays: [number, number] | null;
  teacherName: string | null;
  learningGoal?: string;
  experience?: boolean;
  expectedOpenDays?: number;
  courses: string[];
  /** The demo (or second) student's serviceStatus; absent: not enrolled. */
  serviceStatus?: -1 | 0 | 1 | 2 | 3;
  classmates?: boolean;
  /** Activities: today's (4, every kind), past ones on earlier days, upcoming ones. */
  today?: boolean;
  pastDays?: number[];
  futureDays?: number[];
  /** The student's lesson study (percent of the lesson credited) and submitted homework or tests. */
  studied?: { course: string; lesson: string; percent: number }[];
  submitted?: { course: string; lesson: string; score: number | null; minutes: number }[];
  /** The assessment result: 1 passed, 2 failed (default 0, not assessed). */
  evaluateStatus?: 0 | 1 | 2;
}

const lessons = (...l: SeedLesson[]) => l;

/** A course introduction's blocks, one builder per kind (INTRODUCE_TYPE); a teacher's picture is one of public/images/engagement's avatars. */
const intro = {
  about: (describe: string): SeedIntroduction => ({ type: INTRODUCE_TYPE.INTRO, describe }),
  teacher: (teacherName: string, avatar: number, roleCode: 't_kcls' | 't_fdls'): SeedIntroduction => ({
    type: INTRODUCE_TYPE.TEACHER,
    teacherName,
    teacherHeadUrl: `/images/engagement/avatar-${avatar}.svg`,
    roleCode,
  }),
  material: (outline: string, describe: string): SeedIntroduction => ({ type: INTRODUCE_TYPE.MATERIALS, outline, describe }),
  service: (outline: string, describe: string): SeedIntroduction => ({ type: INTRODUCE_TYPE.SERVICE, outline, describe }),
};

export const LEARNING_COURSES: Record<string, SeedCourse[]> = {
  [DEMO_TENANT.id]: [
    {
      key: 'elec',
      name: '电工基础与安全用电',
      nature: 1,
      introduce: '从电路基础到安全用电规范，配合视频、讲义与在线作业，系统掌握电工四级理论知识。',
      introductions: [
        intro.about('本课程面向电工（四级）考生，按“电路基础—交流电—安全用电”的顺序讲解，每节配有视频、讲义和练习。'),
        intro.teacher('张振华', 3, 't_kcls'),
        intro.teacher('李晓梅', 1, 't_fdls'),
        intro.material('《电工（四级）理论知识》教材', '与视频同步的纸质教材和电子讲义，覆盖本课程全部知识点。'),
        intro.material('安全用电操作手册', '常见触电事故的预防与急救步骤，随课发放。'),
        intro.service('24 小时答疑', '辅导老师在 24 小时内回复学习中的问题。'),
        intro.service('学习督促', '每周提醒未完成的必修课堂和作业。'),
      ],
      chapters: [
        {
          name: '第一章 电路基础',
          sections: [
            {
              name: '第一节 电路的组成',
              lessons: lessons(
                { name: '电路的基本概念', type: 1, minutes: 18, content: { pageData: [{ type: 'video', url: '/media/open-day.mp4' }] } },
                { name: '欧姆定律音频讲解', type: 2, minutes: 12 },
              ),
            },
            { name: '第二节 交流电', lessons: lessons({ name: '正弦交流电阅读材料', type: 3, minutes: 10 }, { name: '三相交流电讲义', type: 4, minutes: 15 }) },
          ],
        },
        {
          name: '第二章 安全用电',
          sections: [
            {
              name: '第一节 安全规范',
              lessons: lessons(
                { name: '触电急救图解', type: 8, minutes: 8 },
                { name: '安全用电课后作业', type: 6, minutes: 30 },
                { name: '安全用电单元测试', type: 7, minutes: 40 },
                { name: '安全规范资料包', type: 5, minutes: 0, elective: true },
              ),
            },
          ],
        },
      ],
      duties: [
        { dutyType: 'VIDEO_PROGRESS', targetValue: 80 },
        { dutyType: 'ONLINE_HOMEWORK_SUBMIT', targetValue: 1 },
        { dutyType: 'ONLINE_TEST_SUBMIT', targetValue: 0 },
      ],
    },
    {
      key: 'lowvolt',
      name: '低压电器实操',
      nature: 0,
      introduce: '在实训室完成低压电器的识别、安装与检修，由老师现场指导。',
      chapters: [
        { name: '第一章 低压电器', sections: [{ name: '第一节 接触器与继电器', lessons: lessons({ name: '接触器安装实操', type: 11, minutes: 120 }) }] },
      ],
      duties: [{ dutyType: 'OFFLINE_FACE2FACE_TEACHING_FIN_TIMES', targetValue: 1 }],
    },
    {
      key: 'plc',
      name: 'PLC 编程与应用',
      nature: 2,
      introduce: '线上学习 PLC 指令，线下完成编程实训，并参加直播答疑。',
      cover: '/images/products/robot.svg',
      introductions: [
        intro.about('从 PLC 的基本指令到梯形图编程，线上学习、线下实训、直播答疑三者结合。'),
        intro.teacher('王立新', 2, 't_kcls'),
        intro.teacher('赵倩', 6, 't_fdls'),
        intro.material('PLC 编程实训指导书', '实训室每个工位的接线图与编程练习题。'),
        intro.service('直播答疑', '每周一次直播，集中解答编程中的问题。'),
      ],
      chapters: [
        {
          name: '第一章 PLC 入门',
          sections: [
            {
              name: '第一节 指令系统',
              lessons: lessons(
                { name: '基本指令视频', type: 1, minutes: 25 },
                { name: 'PLC 编程实训', type: 11, minutes: 90 },
                { name: 'PLC 直播答疑', type: 10, minutes: 60, live: { day: 2, hour: 19, status: 0 } },
              ),
            },
          ],
        },
      ],
      duties: [
        { dutyType: 'VIDEO_PROGRESS', targetValue: 60 },
        { dutyType: 'ONLINE_VIDEO_TEACHING_STUDY_TIMES', targetValue: 20 },
        { dutyType: 'ONLINE_TEST_SUBMIT', targetValue: 1 },
      ],
    },
    {
      key: 'iiot',
      name: '工业互联网实训平台',
      nature: 1,
      introduce: '在合作实训平台上完成工业互联网设备接入与数据采集的实训任务。',
      thirdPlatformType: 12,
      learningPlatform: 1,
      cover: '/images/products/data.svg',
      learningUrl: 'https://training.example.com/course/iiot',
      courseClassCode: 'IIOT-2026-01',
      chapters: [],
      duties: [],
    },
    {
      key: 'digital',
      name: '数字化管理实务',
      nature: 1,
      introduce: '第三方平台课程，开通后即可学习。',
      thirdPlatformType: 10,
      learningPlatform: 2,
      learningUrl: null,
      courseClassCode: 'DM-2026-01',
      chapters: [],
      duties: [],
    },
    {
      key: 'exams',
      name: '电工理论作业与测验',
      nature: 1,
      introduce: '按章节完成课后作业和单元测验，并参加阶段测验与模拟考试，检验电工四级理论知识的掌握情况。',
      noActivitySlots: true,
      // The works, papers and attempts of these lessons: src/dev/seed/exams.ts.
      chapters: [
        {
          name: '第一章 电路基础',
          sections: [
            { name: '第一节 章节练习', lessons: lessons({ name: '第一章课后作业', type: 6, minutes: 30 }, { name: '第一章单元测验', type: 7, minutes: 30 }) },
          ],
        },
        { name: '第二章 安全用电', sections: [{ name: '第一节 章节练习', lessons: lessons({ name: '第二章课后作业', type: 6, minutes: 30 }) }] },
        {
          name: '第三章 阶段测评',
          sections: [
            {
              name: '第一节 测验与模拟考试',
              lessons: lessons(
                { name: '随堂小测', type: 7, minutes: 2 },
                { name: '期中测验', type: 7, minutes: 60 },
                { name: '第一次模拟考试', type: 7, minutes: 90 },
                { name: '题库练习', type: 7, minutes: 30 },
                { name: '英语阅读测验', type: 7, minutes: 20 },
              ),
            },
          ],
        },
      ],
      duties: [
        { dutyType: 'ONLINE_HOMEWORK_SUBMIT', targetValue: 2 },
        { dutyType: 'ONLINE_TEST_SUBMIT', targetValue: 3 },
      ],
    },
    {
      key: 'care',
      name: '养老护理基础',
      nature: 1,
      introduce: '老年人生活照料与基础护理。',
      chapters: [
        {
          name: '第一章 生活照料',
          sections: [
            { name: '第一节 饮食照料', lessons: lessons({ name: '饮食照料视频', type: 1, minutes: 20 }, { name: '饮食照料作业', type: 6, minutes: 20 }) },
          ],
        },
      ],
      duties: [{ dutyType: 'VIDEO_PROGRESS', targetValue: 0 }],
    },
  ],
  [SECOND_TENANT.id]: [
    {
      key: 'python',
      name: 'Python 数据分析',
      nature: 1,
      introduce: '用 Python 完成数据清洗、分析与可视化。',
      chapters: [{ name: '第一章 数据处理', sections: [{ name: '第一节 pandas 入门', lessons: lessons({ name: 'pandas 基础视频', type: 1, minutes: 30 }) }] }],
      duties: [{ dutyType: 'VIDEO_PROGRESS', targetValue: 90 }],
    },
  ],
};

export const LEARNING_CLASSES: Record<string, SeedClass[]> = {
  [DEMO_TENANT.id]: [
    {
      key: 'A',
      name: '2026年秋季电工（四级）精品班',
      productName: '电工（四级）职业技能培训',
      teachingClassStatus: 1,
      trainingDays: [-40, 50],
      teacherName: '王建华',
      learningGoal: '掌握电工四级理论与实操技能，按时完成全部必修课堂，顺利通过职业技能等级认定。',
      courses: ['elec', 'lowvolt', 'plc', 'iiot', 'digital', 'exams'],
      serviceStatus: 2,
      classmates: true,
      today: true,
      pastDays: [-1, -2, -4, -6, -8, -9, -11, -13, -15, -16, -18, -20, -22, -25],
      futureDays: [1, 3, 7],
      studied: [
        { course: 'elec', lesson: '电路的基本概念', percent: 100 },
        { course: 'elec', lesson: '欧姆定律音频讲解', percent: 40 },
        { course: 'elec', lesson: '正弦交流电阅读材料', percent: 100 },
        { course: 'plc', lesson: '基本指令视频', percent: 30 },
      ],
      submitted: [{ course: 'elec', lesson: '安全用电课后作业', score: 85, minutes: 25 }],
    },
    {
      key: 'B',
      name: '工业机器人操作与运维班',
      productName: '工业机器人系统运维员',
      teachingClassStatus: 1,
      trainingDays: [-5, 80],
      teacherName: '刘敏',
      courses: ['plc'],
      serviceStatus: 1,
      pastDays: [-3],
      futureDays: [2],
    },
    {
      key: 'C',
      name: '养老护理员（五级）提升班',
      productName: '养老护理员（五级）',
      teachingClassStatus: 2,
      trainingDays: [-150, -20],
      teacherName: '周丽',
      courses: ['care'],
      serviceStatus: 3,
      pastDays: [-60, -45, -30],
      studied: [{ course: 'care', lesson: '饮食照料视频', percent: 100 }],
      submitted: [{ course: 'care', lesson: '饮食照料作业', score: 92, minutes: 18 }],
      evaluateStatus: 1,
    },
    {
      key: 'D',
      name: '数字化管理师入门班',
      productName: '数字化管理师',
      teachingClassStatus: 0,
      trainingDays: [14, 100],
      teacherName: '孙浩',
      expectedOpenDays: 14,
      courses: ['digital'],
      serviceStatus: 0,
    },
    {
      key: 'E',
      name: '网络安全基础预科班',
      productName: '网络安全管理员',
      teachingClassStatus: 0,
      trainingDays: null,
      teacherName: null,
      courses: [],
      serviceStatus: -1,
    },
    {
      key: 'F',
      name: '人工智能训练师体验班',
      productName: '人工智能训练师',
      teachingClassStatus: 1,
      trainingDays: [-10, 20],
      teacherName: '陈晨',
      experience: true,
      courses: ['elec'],
      serviceStatus: 2,
      pastDays: [-2, -5],
    },
    {
      key: 'G',
      name: '电子商务师（三级）班',
      productName: '电子商务师（三级）',
      teachingClassStatus: 0,
      trainingDays: [30, 120],
      teacherName: '吴倩',
      courses: [],
      serviceStatus: 1,
    },
    // The demo student is not enrolled here: the classmates and the second school's student are.
    {
      key: 'H',
      name: '焊工（四级）实训班',
      productName: '焊工（四级）',
      teachingClassStatus: 1,
      trainingDays: [-20, 40],
      teacherName: '郑刚',
      courses: ['lowvolt'],
      classmates: true,
      pastDays: [-3],
    },
  ],
  [SECOND_TENANT.id]: [
    {
      key: 'X',
      name: '华夏数字技能提升班',
      productName: '大数据工程技术人员',
      teachingClassStatus: 1,
      trainingDays: [-15, 45],
      teacherName: '钱进',
      learningGoal: '完成数据分析全部课堂。',
      courses: ['python'],
      serviceStatus: 2,
      today: true,
      pastDays: [-2, -7],
      studied: [{ course: 'python', lesson: 'pandas 基础视频', percent: 50 }],
    },
  ],
};

/**
 * Today's activities of a class with `today`, one in each attendance state plus an elective, placed
 * around the moment of seeding and kept inside today's China Standard Time day (learning.ts):
 * `attended` was signed in, `missed` ended without a sign-in, `pending` is under way (open for
 * signing in and out), `elective` begins later in the day.
 */
export const TODAY_SLOTS = [
  { state: 'attended', required: true, online: true },
  { state: 'missed', required: true, online: false },
  { state: 'pending', required: true, online: true },
  { state: 'pending', required: true, online: false },
  { state: 'elective', required: false, online: true },
] as const;

/** Past activities (by index in `pastDays`) the student did not sign in to: they show as missed when required. */
export const missedPast = (i: number) => i % 5 === 1;
/** Past activities (by index) that are electives. */
export const electivePast = (i: number) => i % 4 === 3;
