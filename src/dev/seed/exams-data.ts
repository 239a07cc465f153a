/**
 * The homework and test demo (issue 13): the works of class A's lessons,
 * their papers and the demo student's attempts, in every state (not started, in progress with
 * answers, pending review, reviewed with scores), with every question type, points and
 * explanations, a short time limit, an external bank's paper and an English paper. The works of
 * the course '电工理论作业与测验' are named after their lessons; the browser tests find them by
 * these titles. Seeded by exams.ts.
 */

import { DEFAULT_POLICY, REVEAL, SCORE_RULES, type AttemptPolicy } from '~/lib/exams/attempt-policy';
import type { QuestionType } from '~/lib/api/contracts/exams';

/** A work's attempt policy (decision 028), its close given in days from seeding (negative: closed already). */
export type SeedPolicy = Omit<AttemptPolicy, 'closesAt'> & { closesInDays?: number };

/** A certifying or unit test: one attempt; marks when handed in, keys then too (no attempt is left). */
export const TEST_POLICY: SeedPolicy = { ...DEFAULT_POLICY };
/**
 * Practice (homework, the bank's exercises): as many attempts as the student likes, the best score
 * counts; the keys only once the work has closed, so a review never hands them to the next attempt.
 * "Marks after submit" with unlimited attempts shows nothing per attempt (decision 052: a total
 * or a right-or-wrong after each of unlimited attempts is an answer key): they come at the close.
 */
export const PRACTICE_POLICY: SeedPolicy = {
  maxAttempts: null,
  scoreRule: SCORE_RULES.HIGHEST,
  marksShown: REVEAL.AFTER_SUBMIT,
  keysShown: REVEAL.AFTER_CLOSE,
  closesInDays: 14,
};
/** A mock exam: two attempts, the better counts; the keys once both are used. */
export const MOCK_EXAM_POLICY: SeedPolicy = {
  maxAttempts: 2,
  scoreRule: SCORE_RULES.HIGHEST,
  marksShown: REVEAL.AFTER_SUBMIT,
  keysShown: REVEAL.AFTER_LAST_ATTEMPT,
};

export interface SeedQuestion {
  /** How the attempts below name the question. */
  ref: string;
  type: QuestionType;
  trunk: string;
  /** Points; reading and cloze are worth the sum of their sub-questions. */
  points: number;
  /** [key, text] */
  options?: [string, string][];
  /** The right option keys. */
  key?: string[];
  /** Fill in the blank: the blanks joined with '|'; short answer: the reference answer. */
  content?: string;
  explanation?: string;
  markStatus?: number;
  subs?: SeedQuestion[];
}

/** An answer: option keys, or text (fill-in blanks joined with '|'). */
export type SeedAnswer = string[] | string;

export interface SeedAttempt {
  /** Started this many minutes before seeding. */
  startedMinutesAgo: number;
  /** Submitted after this many minutes; absent: still being answered. */
  minutes?: number;
  answers: Record<string, SeedAnswer>;
}

export interface SeedWork {
  /** The lesson (classroom) the work is, by name; also the work's title. */
  lesson: string;
  kind: 'homework' | 'test';
  description: string;
  unitTime?: number;
  manualGrading?: boolean;
  partialMultiple?: boolean;
  /** An external bank's paper (sourceType 'xskt'). */
  externalPaperId?: string;
  english?: boolean;
  /** Default: TEST_POLICY. */
  policy?: SeedPolicy;
  questions?: SeedQuestion[];
  attempts?: SeedAttempt[];
}

/** The character code of the first option's key, 'A'. */
const CHOICE_KEY_A = 65;

const TF: [string, string][] = [
  ['1', '正确'],
  ['2', '错误'],
];

/** A choice question's options, keyed A, B, C, … in the order given. */
const choices = (...texts: string[]): [string, string][] => texts.map((text, i) => [String.fromCharCode(CHOICE_KEY_A + i), text]);

/** A cloze blank: a choice question with its own points, options and key. */
type ClozeBlank = Pick<SeedQuestion, 'points' | 'options' | 'key' | 'explanation'>;

/** How a blank is numbered in the passage: （1） in Chinese text, (1) in English. */
const FULL_WIDTH = (n: number) => `（${n}）`;
const HALF_WIDTH = (n: number) => `(${n})`;
/** The character code of a blank's first ref letter, 'a' (c1a, c1b, …). */
const BLANK_REF_A = 97;

/**
 * A cloze question: its blanks are single-choice questions named by their number in the passage
 * and by the cloze's ref with a, b, …; the cloze is worth the sum of their points.
 */
const cloze = (ref: string, trunk: string, blanks: ClozeBlank[], numbered = FULL_WIDTH): SeedQuestion => ({
  ref,
  type: 13,
  trunk,
  points: 0,
  subs: blanks.map((blank, i) => ({ ref: `${ref}${String.fromCharCode(BLANK_REF_A + i)}`, type: 1, trunk: `<p>${numbered(i + 1)}</p>`, ...blank })),
});

/** The external bank's demo paper (tests/setup/fake-bank.ts serves it). */
export const BANK_PAPER_ID = 'XSKT-ELEC-2026-01';

const chapterOneHomework: SeedQuestion[] = [
  {
    ref: 's1',
    type: 1,
    trunk: '<p>电路中形成持续电流的条件是（ ）。</p>',
    points: 5,
    options: choices('电路中有电源', '电路是闭合的', '电路中有电源，且电路闭合', '电路中有导线和开关'),
    key: ['C'],
    explanation: '<p>有电源提供电动势，且电路闭合形成通路，电荷才能持续定向移动。</p>',
  },
  {
    ref: 's2',
    type: 1,
    trunk: '<p>电阻的国际单位是（ ）。</p>',
    points: 5,
    options: choices('伏特（V）', '安培（A）', '欧姆（Ω）', '瓦特（W）'),
    key: ['C'],
    explanation: '<p>伏特是电压的单位，安培是电流的单位，瓦特是功率的单位。</p>',
  },
  {
    ref: 'm1',
    type: 2,
    trunk: '<p>下列属于电路基本组成部分的有（ ）。</p>',
    points: 10,
    options: choices('电源', '负载', '导线和开关等中间环节', '万用表'),
    key: ['A', 'B', 'C'],
    explanation: '<p>电路由电源、负载和中间环节三部分组成；万用表是测量仪表，不是电路的必需部分。</p>',
  },
  {
    ref: 't1',
    type: 3,
    trunk: '<p>在串联电路中，流过各个电阻的电流相等。</p>',
    points: 5,
    options: TF,
    key: ['1'],
    explanation: '<p>串联电路只有一条电流通路，各处电流相等。</p>',
  },
  {
    ref: 't2',
    type: 3,
    trunk: '<p>导体的电阻与加在它两端的电压成正比。</p>',
    points: 5,
    options: TF,
    key: ['2'],
    explanation: '<p>电阻由导体的材料、长度、截面积和温度决定，与电压、电流无关。</p>',
  },
  {
    ref: 'f1',
    type: 4,
    trunk: '<p>部分电路欧姆定律的表达式为 I = ____；电流的国际单位是____。</p>',
    points: 10,
    content: 'U/R|安培',
    explanation: '<p>I = U/R，电流单位为安培（A）。</p>',
  },
  {
    ref: 'q1',
    type: 6,
    trunk: '<p>简述安全用电的基本原则。</p>',
    points: 20,
    content: '不接触低压带电体，不靠近高压带电体；电气设备按规定接地或接零；按规范安装和使用电器，发现故障及时断电检修。',
    explanation: '<p>答出不接触低压带电体、不靠近高压带电体、保护接地或接零、规范操作中的三点即可得满分。</p>',
  },
  {
    ref: 'r1',
    type: 11,
    trunk:
      '<p>阅读下面的材料，回答问题。</p><p>某车间照明电路由一只 220 V 的电源、一个开关和三盏并联的白炽灯组成。维修电工发现其中一盏灯不亮，其余两盏正常发光。他断开开关后检查，发现不亮的那盏灯灯丝已经烧断。</p>',
    points: 0,
    subs: [
      {
        ref: 'r1a',
        type: 1,
        trunk: '<p>一盏灯灯丝烧断后，其余两盏灯仍能正常发光，是因为三盏灯（ ）。</p>',
        points: 5,
        options: choices('串联', '并联', '混联', '短路'),
        key: ['B'],
        explanation: '<p>并联电路各支路互不影响，一条支路断开，其他支路照常工作。</p>',
      },
      {
        ref: 'r1b',
        type: 3,
        trunk: '<p>检查灯具前先断开开关，是为了防止触电。</p>',
        points: 5,
        options: TF,
        key: ['1'],
        explanation: '<p>检修前必须断电，并确认无电后再操作。</p>',
      },
    ],
  },
  cloze(
    'c1',
    '<p>阅读短文，从每题的选项中选出最恰当的一项。</p><p>电流通过导体时，导体会发热，这种现象叫做电流的（1）____效应。电炉、电烙铁就是利用这一效应工作的。导线截面积选得过（2）____，通电后发热严重，容易引起火灾。</p>',
    [
      {
        points: 5,
        options: choices('热', '磁', '化学', '光'),
        key: ['A'],
        explanation: '<p>电流通过导体发热叫电流的热效应。</p>',
      },
      {
        points: 5,
        options: choices('大', '小', '长', '粗'),
        key: ['B'],
        explanation: '<p>截面积过小，电阻大、电流密度大，发热严重。</p>',
      },
    ],
  ),
];

const chapterTwoHomework: SeedQuestion[] = [
  {
    ref: 's1',
    type: 1,
    trunk: '<p>我国规定的安全电压额定值中，一般环境下最常用的是（ ）。</p>',
    points: 10,
    options: choices('12 V', '24 V', '36 V', '48 V'),
    key: ['C'],
    explanation: '<p>一般环境下安全电压通常取 36 V；潮湿等特殊环境取 24 V 或 12 V。</p>',
  },
  {
    ref: 's2',
    type: 1,
    trunk: '<p>发现有人触电，首先应当（ ）。</p>',
    points: 10,
    options: choices('立即用手把触电者拉开', '迅速切断电源', '马上进行人工呼吸', '打电话等待救援'),
    key: ['B'],
    explanation: '<p>先使触电者脱离电源，切不可直接用手拉拽，以免施救者触电。</p>',
  },
  {
    ref: 'm1',
    type: 2,
    trunk: '<p>下列做法中，符合安全用电要求的有（ ）。</p>',
    points: 20,
    options: choices('更换灯泡前先断开开关', '用湿布擦拭正在工作的电器', '金属外壳的电器使用三孔插座', '在电线上晾晒衣物'),
    key: ['A', 'C'],
    explanation: '<p>湿布导电，电线上晾衣可能破坏绝缘，都容易造成触电。</p>',
  },
  {
    ref: 't1',
    type: 3,
    trunk: '<p>保护接地适用于中性点不接地的低压电网。</p>',
    points: 10,
    options: TF,
    key: ['1'],
    explanation: '<p>中性点不接地系统采用保护接地，中性点直接接地系统采用保护接零。</p>',
  },
  {
    ref: 'f1',
    type: 4,
    trunk: '<p>漏电保护器的额定漏电动作电流一般不大于____ mA，动作时间不大于____ s。</p>',
    points: 10,
    content: '30|0.1',
    explanation: '<p>用于人身触电保护的漏电保护器：30 mA、0.1 s。</p>',
  },
];

const chapterOneTest: SeedQuestion[] = [
  {
    ref: 's1',
    type: 1,
    trunk: '<p>将 4 Ω 和 6 Ω 两个电阻串联，总电阻为（ ）。</p>',
    points: 10,
    options: choices('2.4 Ω', '5 Ω', '10 Ω', '24 Ω'),
    key: ['C'],
    explanation: '<p>串联电路总电阻等于各电阻之和：4 + 6 = 10 Ω。</p>',
  },
  {
    ref: 's2',
    type: 1,
    trunk: '<p>将 4 Ω 和 6 Ω 两个电阻并联，总电阻为（ ）。</p>',
    points: 10,
    options: choices('2.4 Ω', '5 Ω', '10 Ω', '24 Ω'),
    key: ['A'],
    explanation: '<p>R = R1·R2 / (R1 + R2) = 24 / 10 = 2.4 Ω。</p>',
  },
  {
    ref: 'm1',
    type: 2,
    trunk: '<p>正弦交流电的三要素是（ ）。</p>',
    points: 15,
    options: choices('最大值', '频率（或角频率）', '初相位', '有效值与平均值之比'),
    key: ['A', 'B', 'C'],
    explanation: '<p>最大值、角频率和初相位确定一个正弦量。</p>',
  },
  {
    ref: 't1',
    type: 3,
    trunk: '<p>我国工频交流电的频率是 50 Hz。</p>',
    points: 10,
    options: TF,
    key: ['1'],
    explanation: '<p>我国电网标准频率为 50 Hz。</p>',
  },
  {
    ref: 't2',
    type: 3,
    trunk: '<p>电容器在直流稳态电路中相当于短路。</p>',
    points: 10,
    options: TF,
    key: ['2'],
    explanation: '<p>直流稳态时电容器相当于开路，电感相当于短路。</p>',
  },
  {
    ref: 'f1',
    type: 4,
    trunk: '<p>三相四线制中，线电压是相电压的____倍；我国低压供电的线电压为____ V。</p>',
    points: 15,
    content: '√3|380',
    explanation: '<p>线电压 = √3 × 相电压，220 V × √3 ≈ 380 V。</p>',
  },
  {
    ref: 'r1',
    type: 11,
    trunk: '<p>阅读材料，回答问题。</p><p>一台额定电压 220 V、额定功率 1100 W 的电热水壶接在 220 V 电源上正常工作。</p>',
    points: 0,
    subs: [
      {
        ref: 'r1a',
        type: 1,
        trunk: '<p>电热水壶正常工作时的电流为（ ）。</p>',
        points: 10,
        options: choices('0.2 A', '2 A', '5 A', '50 A'),
        key: ['C'],
        explanation: '<p>I = P / U = 1100 / 220 = 5 A。</p>',
      },
      {
        ref: 'r1b',
        type: 4,
        trunk: '<p>它正常工作 1 小时消耗的电能为____ kW·h。</p>',
        points: 5,
        content: '1.1',
        explanation: '<p>W = P·t = 1.1 kW × 1 h = 1.1 kW·h。</p>',
      },
    ],
  },
  cloze('c1', '<p>阅读短文，完成填空选择。</p><p>变压器是利用（1）____原理工作的。它只能改变（2）____电压，一次绕组匝数多于二次绕组时为（3）____变压器。</p>', [
    {
      points: 5,
      options: choices('电磁感应', '电流热效应', '静电感应'),
      key: ['A'],
    },
    {
      points: 5,
      options: choices('直流', '交流'),
      key: ['B'],
    },
    {
      points: 5,
      options: choices('升压', '降压'),
      key: ['B'],
      explanation: '<p>一次匝数多、二次匝数少，输出电压降低，为降压变压器。</p>',
    },
  ]),
];

const quickQuiz: SeedQuestion[] = [
  {
    ref: 's1',
    type: 1,
    trunk: '<p>测量电路电流时，电流表应与被测电路（ ）。</p>',
    points: 30,
    options: choices('串联', '并联', '混联'),
    key: ['A'],
    explanation: '<p>电流表串联接入，电压表并联接入。</p>',
  },
  {
    ref: 't1',
    type: 3,
    trunk: '<p>万用表测量电阻前需要先进行欧姆调零。</p>',
    points: 30,
    options: TF,
    key: ['1'],
    explanation: '<p>每次换挡后都应重新欧姆调零。</p>',
  },
  {
    ref: 'm1',
    type: 2,
    trunk: '<p>使用验电笔时，下列说法正确的有（ ）。</p>',
    points: 40,
    options: choices('使用前先在确认有电的设备上检验验电笔是否完好', '手指应接触笔尾的金属体', '可以用于检测高压设备', '手可以接触笔尖金属部分'),
    key: ['A', 'B'],
    explanation: '<p>低压验电笔只用于 500 V 以下；手接触笔尖会触电。</p>',
  },
];

const midterm: SeedQuestion[] = [
  {
    ref: 's1',
    type: 1,
    trunk: '<p>熔断器在电路中主要起（ ）保护作用。</p>',
    points: 10,
    options: choices('过载和短路', '欠压', '漏电', '失磁'),
    key: ['A'],
    explanation: '<p>熔断器用于短路保护，也兼作过载保护。</p>',
  },
  {
    ref: 'm1',
    type: 2,
    trunk: '<p>下列属于低压电器的有（ ）。</p>',
    points: 20,
    options: choices('接触器', '热继电器', '断路器', '电力变压器'),
    key: ['A', 'B', 'C'],
    explanation: '<p>电力变压器属于电力设备，不属于低压电器。</p>',
  },
  {
    ref: 't1',
    type: 3,
    trunk: '<p>热继电器可以用作短路保护。</p>',
    points: 10,
    options: TF,
    key: ['2'],
    explanation: '<p>热继电器动作慢，只用于过载保护，不能用于短路保护。</p>',
  },
  {
    ref: 'f1',
    type: 4,
    trunk: '<p>三相异步电动机的旋转方向由定子绕组电流的____决定。</p>',
    points: 20,
    content: '相序',
    explanation: '<p>任意对调两根电源线即可改变相序，从而改变转向。</p>',
  },
  {
    ref: 'q1',
    type: 6,
    trunk: '<p>简述接触器自锁控制电路的工作过程。</p>',
    points: 40,
    content:
      '按下启动按钮，接触器线圈得电，主触头闭合电动机运转，同时与启动按钮并联的辅助常开触头闭合自锁；松开启动按钮后线圈经自锁触头保持得电；按下停止按钮，线圈失电，电动机停转。',
    explanation: '<p>要点：启动、自锁、停止三个环节。</p>',
  },
];

const mockExam: SeedQuestion[] = [
  {
    ref: 's1',
    type: 1,
    trunk: '<p>电工作业人员必须年满（ ）周岁。</p>',
    points: 10,
    options: choices('16', '18', '20', '22'),
    key: ['B'],
    explanation: '<p>特种作业人员应年满 18 周岁。</p>',
  },
  {
    ref: 's2',
    type: 1,
    trunk: '<p>在潮湿场所使用的手持电动工具，应选用（ ）类工具。</p>',
    points: 10,
    options: choices('Ⅰ', 'Ⅱ', 'Ⅲ'),
    key: ['C'],
    explanation: '<p>Ⅲ类工具采用安全特低电压供电，适用于潮湿场所。</p>',
  },
  {
    ref: 'm1',
    type: 2,
    trunk: '<p>停电检修时，保证安全的技术措施有（ ）。</p>',
    points: 20,
    options: choices('停电', '验电', '装设接地线', '悬挂标示牌和装设遮栏'),
    key: ['A', 'B', 'C', 'D'],
    explanation: '<p>停电、验电、装设接地线、悬挂标示牌和装设遮栏，四项缺一不可。</p>',
  },
  {
    ref: 't1',
    type: 3,
    trunk: '<p>可以带负荷拉合隔离开关。</p>',
    points: 10,
    options: TF,
    key: ['2'],
    explanation: '<p>隔离开关没有灭弧装置，严禁带负荷操作。</p>',
  },
  {
    ref: 't2',
    type: 3,
    trunk: '<p>接地线应使用多股软裸铜线，截面积不小于 25 mm²。</p>',
    points: 10,
    options: TF,
    key: ['1'],
    explanation: '<p>携带型接地线应为截面积不小于 25 mm² 的多股软裸铜线。</p>',
  },
  {
    ref: 'f1',
    type: 4,
    trunk: '<p>国家标准规定，保护接地线（PE 线）的颜色为____双色；工作零线（N 线）一般为____色。</p>',
    points: 20,
    content: '黄绿|淡蓝',
    explanation: '<p>PE 线黄绿双色，N 线淡蓝色。</p>',
  },
  {
    ref: 'r1',
    type: 11,
    trunk: '<p>阅读事故案例，回答问题。</p><p>某工地一名电工在未办理工作票、未验电的情况下检修配电箱，误碰带电部位，造成触电受伤。</p>',
    points: 0,
    subs: [
      {
        ref: 'r1a',
        type: 2,
        trunk: '<p>这起事故中违反的规定有（ ）。</p>',
        points: 10,
        options: choices('未办理工作票', '未验电', '未佩戴安全帽'),
        key: ['A', 'B'],
        explanation: '<p>案例中明确提到未办理工作票、未验电。</p>',
      },
      {
        ref: 'r1b',
        type: 3,
        trunk: '<p>只要断开了开关，就可以直接开始检修。</p>',
        points: 10,
        options: TF,
        key: ['2'],
        explanation: '<p>断开开关后还须验电、装设接地线，确认无电方可检修。</p>',
      },
    ],
  },
];

const englishPaper: SeedQuestion[] = [
  {
    ref: 'r1',
    type: 11,
    trunk:
      '<p>Read the passage and answer the questions.</p>' +
      '<p>Before working on any electrical equipment, an electrician must switch off the power, lock the switch and test that the circuit is dead. ' +
      'Many accidents happen because workers believe a circuit is off when it is not. A simple voltage tester can save a life.</p>',
    points: 0,
    subs: [
      {
        ref: 'r1a',
        type: 1,
        trunk: '<p>What must an electrician do first?</p>',
        points: 10,
        options: choices('Test the voltage tester', 'Switch off the power', 'Call the manager', 'Open the equipment'),
        key: ['B'],
        explanation: '<p>The passage says the power must be switched off before anything else.</p>',
      },
      {
        ref: 'r1b',
        type: 3,
        trunk: '<p>According to the passage, many accidents happen because workers think a live circuit is off.</p>',
        points: 10,
        options: [
          ['1', 'True'],
          ['2', 'False'],
        ],
        key: ['1'],
        explanation: '<p>"Many accidents happen because workers believe a circuit is off when it is not."</p>',
      },
      {
        ref: 'r1c',
        type: 4,
        trunk: '<p>A simple ____ tester can save a life.</p>',
        points: 10,
        content: 'voltage',
        explanation: '<p>The last sentence of the passage.</p>',
      },
    ],
  },
  cloze(
    'c1',
    '<p>Choose the best word for each blank.</p><p>Current flows only in a (1) ____ circuit. A fuse (2) ____ the circuit when the current is too high.</p>',
    [
      {
        points: 10,
        options: choices('closed', 'open', 'broken'),
        key: ['A'],
        explanation: '<p>A closed circuit lets current flow.</p>',
      },
      {
        points: 10,
        options: choices('opens', 'closes', 'charges'),
        key: ['A'],
        explanation: '<p>A fuse melts and opens the circuit.</p>',
      },
    ],
    HALF_WIDTH,
  ),
];

/** Earlier works of the learning demo: 安全用电课后作业 was handed in with 85 points (learning-data.ts). */
const safetyHomework: SeedQuestion[] = [
  {
    ref: 's1',
    type: 1,
    trunk: '<p>使用电气设备时，由于维护不及时，当（ ）进入时，可导致短路事故。</p>',
    points: 30,
    options: choices('导电粉尘或纤维', '强光辐射', '热气'),
    key: ['A'],
    explanation: '<p>导电粉尘或纤维进入设备内部，可在带电部分之间形成通路造成短路。</p>',
  },
  {
    ref: 't1',
    type: 3,
    trunk: '<p>电气火灾发生时，应先切断电源再灭火。</p>',
    points: 30,
    options: TF,
    key: ['1'],
    explanation: '<p>带电灭火易引起触电，应先断电。</p>',
  },
  {
    ref: 's2',
    type: 1,
    trunk: '<p>扑灭电气火灾不能使用的灭火器是（ ）。</p>',
    points: 25,
    options: choices('二氧化碳灭火器', '干粉灭火器', '泡沫灭火器'),
    key: ['C'],
    explanation: '<p>泡沫灭火剂导电，不能用于带电灭火。</p>',
  },
  {
    ref: 'f1',
    type: 4,
    trunk: '<p>人体触电的形式有单相触电、两相触电和____触电。</p>',
    points: 15,
    content: '跨步电压',
    explanation: '<p>靠近接地故障点时，两脚之间的电位差造成跨步电压触电。</p>',
  },
];

const safetyTest: SeedQuestion[] = [
  {
    ref: 's1',
    type: 1,
    trunk: '<p>低压带电作业时，应（ ）。</p>',
    points: 25,
    options: choices('设专人监护', '一人独立完成', '不戴手套以便操作'),
    key: ['A'],
    explanation: '<p>带电作业必须有专人监护。</p>',
  },
  {
    ref: 'm1',
    type: 2,
    trunk: '<p>常用的绝缘安全用具有（ ）。</p>',
    points: 25,
    options: choices('绝缘手套', '绝缘靴', '绝缘垫', '钢丝钳'),
    key: ['A', 'B', 'C'],
  },
  {
    ref: 't1',
    type: 3,
    trunk: '<p>雷雨天气可以在室外进行倒闸操作。</p>',
    points: 25,
    options: TF,
    key: ['2'],
    explanation: '<p>雷电时禁止进行倒闸操作。</p>',
  },
  {
    ref: 'f1',
    type: 4,
    trunk: '<p>一般情况下，人体能摆脱的最大交流电流约为____ mA。</p>',
    points: 25,
    content: '10',
  },
];

const careHomework: SeedQuestion[] = [
  {
    ref: 's1',
    type: 1,
    trunk: '<p>协助卧床老人进食时，老人宜采取的体位是（ ）。</p>',
    points: 40,
    options: choices('平卧位', '半坐卧位或坐位', '俯卧位'),
    key: ['B'],
    explanation: '<p>半坐卧位或坐位可减少呛咳和误吸。</p>',
  },
  {
    ref: 't1',
    type: 3,
    trunk: '<p>喂饭时应等老人完全咽下后再喂下一口。</p>',
    points: 40,
    options: TF,
    key: ['1'],
  },
  {
    ref: 'f1',
    type: 4,
    trunk: '<p>老年人饮食应做到：少量____、清淡____、软烂____、温度____、品种____。</p>',
    points: 20,
    content: '多餐|少盐|易嚼|适宜|多样',
  },
];

/** The works of class A (and the same lessons' works in the classes that teach them). */
export const EXAM_WORKS: readonly SeedWork[] = [
  {
    lesson: '第一章课后作业',
    kind: 'homework',
    description:
      '完成第一章“电路基础”的全部练习，包含单选、多选、判断、填空、简答、阅读理解和完形填空。简答题由老师批阅。不限时，可多次提交，答案和解析在截止后公布。',
    policy: PRACTICE_POLICY,
    questions: chapterOneHomework,
  },
  {
    lesson: '第二章课后作业',
    kind: 'homework',
    description: '完成第二章“安全用电”的练习。已作答的题目会自动保存，可以稍后继续。',
    policy: PRACTICE_POLICY,
    questions: chapterTwoHomework,
    attempts: [{ startedMinutesAgo: 90, answers: { s1: ['C'], m1: ['A'] } }],
  },
  {
    lesson: '第一章单元测验',
    kind: 'test',
    description: '第一章单元测验，限时 30 分钟，到时自动交卷。全部为客观题，交卷后即可查看成绩。',
    unitTime: 30,
    questions: chapterOneTest,
  },
  {
    lesson: '随堂小测',
    kind: 'test',
    description: '课堂小测验，共 3 题，限时 2 分钟。',
    unitTime: 2,
    questions: quickQuiz,
  },
  {
    lesson: '期中测验',
    kind: 'test',
    description: '期中测验，限时 60 分钟，由老师人工批阅，批阅后可查看成绩和解析。',
    unitTime: 60,
    manualGrading: true,
    questions: midterm,
    attempts: [
      {
        startedMinutesAgo: 3 * 24 * 60,
        minutes: 48,
        answers: {
          s1: ['A'],
          m1: ['A', 'B', 'C'],
          t1: ['2'],
          f1: '相序',
          q1: '按下启动按钮后接触器线圈通电，主触头闭合电机启动，辅助触头闭合实现自锁；按停止按钮线圈断电，电机停止。',
        },
      },
    ],
  },
  {
    lesson: '第一次模拟考试',
    kind: 'test',
    description: '按职业技能等级认定理论考试的题型组卷，限时 90 分钟，多选题少选得一半分。',
    unitTime: 90,
    partialMultiple: true,
    policy: MOCK_EXAM_POLICY,
    questions: mockExam,
    attempts: [
      {
        startedMinutesAgo: 10 * 24 * 60,
        minutes: 70,
        answers: { s1: ['B'], s2: ['A'], m1: ['A', 'B'], t1: ['1'], t2: ['1'], f1: '黄绿|蓝', r1a: ['A', 'B'], r1b: ['1'] },
      },
      {
        startedMinutesAgo: 5 * 24 * 60,
        minutes: 62,
        answers: { s1: ['B'], s2: ['C'], m1: ['A', 'B', 'C', 'D'], t1: ['2'], t2: ['1'], f1: '黄绿|淡蓝', r1a: ['A', 'B'], r1b: ['1'] },
      },
    ],
  },
  {
    lesson: '题库练习',
    kind: 'test',
    description: '来自电工题库的练习，答案在交卷时一次提交，不限时。',
    externalPaperId: BANK_PAPER_ID,
    policy: PRACTICE_POLICY,
  },
  {
    lesson: '英语阅读测验',
    kind: 'test',
    description: 'Electrical safety English: reading comprehension and cloze. 限时 20 分钟。',
    unitTime: 20,
    english: true,
    questions: englishPaper,
  },
  {
    lesson: '安全用电课后作业',
    kind: 'homework',
    description: '安全用电章节的课后作业。',
    // Closed at the end of yesterday (after the attempt the learning demo handed in two days ago):
    // no attempt starts any more, and its review shows the keys.
    policy: { ...PRACTICE_POLICY, closesInDays: -1 },
    questions: safetyHomework,
  },
  {
    lesson: '安全用电单元测试',
    kind: 'test',
    description: '安全用电单元测试，限时 40 分钟。',
    unitTime: 40,
    questions: safetyTest,
  },
  {
    lesson: '饮食照料作业',
    kind: 'homework',
    description: '饮食照料章节的课后作业。',
    policy: PRACTICE_POLICY,
    questions: careHomework,
  },
];

/**
 * The answers of attempts the learning demo made before works existed (learning-data.ts
 * `submitted`), by lesson: they score what that demo says (安全用电课后作业 85, 饮食照料作业 92).
 */
export const EARLIER_ANSWERS: Readonly<Record<string, Record<string, SeedAnswer>>> = {
  安全用电课后作业: { s1: ['A'], t1: ['1'], s2: ['C'], f1: '单相' },
  饮食照料作业: { s1: ['B'], t1: ['1'], f1: '多餐|少盐|易咽|适宜|丰富' },
};

/** The works that are also an activity of class A: the activity on the day after seeding (its online slot). */
export const ACTIVITY_WORKS: readonly { lesson: string; dayOffset: number }[] = [{ lesson: '第一章单元测验', dayOffset: 1 }];
