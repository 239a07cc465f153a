/**
 * Demo engagement and media content: banners, album, the two video feeds, comments and reviews.
 * Times are hours before the moment of seeding. Pictures live in public/images/engagement/; every
 * video is the demo clip /media/open-day.mp4. Tests read these lists to know what to expect.
 */

const IMG = '/images/engagement';
export const DEMO_VIDEO = '/media/open-day.mp4';

export type SeedFeedType = 'PEOPLE_SAY' | 'MICRO_CLASSROOM';

export interface SeedCommentAuthor {
  /** VEST: a virtual comment by the school; USER: a demo user (made by mobile). */
  role: 'VEST' | 'USER';
  name: string;
  pic: string | null;
  /** For USER authors. */
  mobile?: string;
}

export interface SeedComment {
  author: SeedCommentAuthor;
  content: string;
  ageHours: number;
  /** Replies to this comment (and replies to those). */
  replies?: SeedComment[];
}

export interface EngagementSeed {
  banners: { name: string; pic: string; url: string | null; enabled?: boolean }[];
  tabs: { key: string; name: string }[];
  categories: {
    name: string;
    tabKey: string;
    clientType?: string;
    materials: { name: string; type: 'PIC' | 'VIDEO'; pic: string; video?: string; introduce: string; open?: boolean }[];
  }[];
  feedTags: { type: SeedFeedType; name: string }[];
  feeds: {
    type: SeedFeedType;
    tag: string;
    title: string;
    description: string;
    pic: string;
    author: string;
    authorAvatar: string;
    likeBase: number;
    /** 1 published (default); 0 hidden. */
    status?: number;
    content: string;
  }[];
  /** Comments on album materials (by material name) and feed items (by title). */
  comments: { on: { material: string } | { feed: string }; comments: SeedComment[] }[];
  reviewTags: string[];
  reviews: {
    content: string;
    author: string;
    authorPic: string;
    variety: string;
    files: string[];
    browseCount: number;
    thumbsBase: number;
    schoolComment: string | null;
    score: number;
    top?: boolean;
    status?: number;
    ageHours: number;
    tags: string[];
  }[];
}

const p = (...paragraphs: string[]) => paragraphs.map((x) => `<p>${x}</p>`).join('');
const avatar = (n: number) => `${IMG}/avatar-${n}.svg`;
const feedPic = (n: number) => `${IMG}/feed-${n}.svg`;

const VEST_ASSISTANT: SeedCommentAuthor = { role: 'VEST', name: '学院小助手', pic: avatar(8) };
const DEMO_USER_A: SeedCommentAuthor = { role: 'USER', name: '晓雯同学', pic: null, mobile: '13770010001' };
const DEMO_USER_B: SeedCommentAuthor = { role: 'USER', name: '南京小陈', pic: null, mobile: '13770010002' };

export const DEMO_ENGAGEMENT: EngagementSeed = {
  banners: [
    { name: '2026 秋季职业技能提升行动', pic: `${IMG}/banner-1.svg`, url: '/educational-product' },
    { name: '人工智能训练师新班开课', pic: `${IMG}/banner-2.svg`, url: '/news-information/list' },
    { name: '证书可查可验', pic: `${IMG}/banner-3.svg`, url: '/query_pc' },
    { name: '实训中心开放日', pic: `${IMG}/banner-4.svg`, url: null },
    { name: '（已下线）2026 夏季招生', pic: `${IMG}/banner-1.svg`, url: '/educational-product', enabled: false },
  ],
  tabs: [
    { key: 'campus', name: '校园风采' },
    { key: 'teaching', name: '教学实训' },
    { key: 'activity', name: '学员活动' },
  ],
  categories: [
    {
      name: '校园环境',
      tabKey: 'campus',
      materials: [
        { name: '学院正门', type: 'PIC', pic: `${IMG}/album-gate.svg`, introduce: '学院正门位于江东中路，步行可达地铁二号线集庆门大街站。' },
        { name: '图书馆阅览室', type: 'PIC', pic: `${IMG}/album-library.svg`, introduce: '藏书 12 万册，设有 300 个自习座位，周末照常开放。' },
        { name: '教学楼夜景', type: 'PIC', pic: `${IMG}/album-night.svg`, introduce: '晚班学员下课时的教学楼。' },
        { name: '校园林荫道', type: 'PIC', pic: `${IMG}/album-path.svg`, introduce: '连接教学楼与实训中心的林荫道。' },
        { name: '校园航拍', type: 'VIDEO', pic: `${IMG}/video-aerial.svg`, video: DEMO_VIDEO, introduce: '从空中俯瞰学院全貌。' },
        { name: '（未发布）新校区效果图', type: 'PIC', pic: `${IMG}/album-night.svg`, introduce: '尚未发布。', open: false },
      ],
    },
    {
      name: '实训中心',
      tabKey: 'teaching',
      materials: [
        { name: '智能制造实训室', type: 'PIC', pic: `${IMG}/album-robot.svg`, introduce: '配备 6 台工业机器人工作站，供工业机器人系统运维员实操训练。' },
        { name: '计算机机房', type: 'PIC', pic: `${IMG}/album-lab.svg`, introduce: '12 间机房共 600 个机位，同时也是标准化机考考场。' },
        { name: '健康管理实训室', type: 'PIC', pic: `${IMG}/album-health.svg`, introduce: '模拟社区健康小屋，用于健康管理师、保育师实操课。' },
        { name: '实训中心开放日', type: 'VIDEO', pic: `${IMG}/video-open-day.svg`, video: DEMO_VIDEO, introduce: '开放日当天，市民和学员走进实训中心。' },
      ],
    },
    {
      name: '课堂瞬间',
      tabKey: 'teaching',
      materials: [
        { name: '人工智能训练师课堂', type: 'PIC', pic: `${IMG}/album-ai-class.svg`, introduce: '数据标注实操课，老师逐一点评学员作业。' },
        { name: '茶艺师实操课', type: 'PIC', pic: `${IMG}/album-tea.svg`, introduce: '茶艺师四级实操考核前的集中练习。' },
        { name: '电商直播实训课', type: 'VIDEO', pic: `${IMG}/video-live.svg`, video: DEMO_VIDEO, introduce: '学员在直播间轮流上岗，现场复盘数据。' },
      ],
    },
    {
      name: '毕业典礼',
      tabKey: 'activity',
      materials: [
        { name: '2026届结业典礼', type: 'PIC', pic: `${IMG}/album-graduation.svg`, introduce: '1200 余名学员结业，现场颁发职业技能等级证书。' },
        { name: '优秀学员颁奖', type: 'PIC', pic: `${IMG}/album-award.svg`, introduce: '表彰 36 名优秀学员和 12 名优秀班主任。' },
      ],
    },
    {
      name: '技能大赛',
      tabKey: 'activity',
      materials: [
        { name: '省赛获奖合影', type: 'PIC', pic: `${IMG}/album-contest.svg`, introduce: '学院代表队在省职业技能大赛中获得 2 金 3 银。' },
        { name: '网络安全攻防赛现场', type: 'PIC', pic: `${IMG}/album-cyber.svg`, introduce: '网络安全管理员赛项决赛现场。' },
        { name: '技能大赛精彩回顾', type: 'VIDEO', pic: `${IMG}/video-contest.svg`, video: DEMO_VIDEO, introduce: '三分钟看完大赛高光时刻。' },
      ],
    },
    {
      name: '移动端精选',
      tabKey: 'activity',
      clientType: 'H5',
      materials: [{ name: '手机专享：学员打卡墙', type: 'PIC', pic: `${IMG}/album-mobile.svg`, introduce: '只在手机端展示的精选照片。' }],
    },
  ],
  feedTags: [
    { type: 'PEOPLE_SAY', name: '学员心声' },
    { type: 'PEOPLE_SAY', name: '就业故事' },
    { type: 'PEOPLE_SAY', name: '教师寄语' },
    { type: 'MICRO_CLASSROOM', name: '实训课堂' },
    { type: 'MICRO_CLASSROOM', name: '考前辅导' },
    { type: 'MICRO_CLASSROOM', name: '校园生活' },
  ],
  feeds: [
    // 大家说
    {
      type: 'PEOPLE_SAY',
      tag: '学员心声',
      title: '宝妈转型保育师，我用了三个月',
      description: '张晓雯分享备考与带娃两不误的学习方法。',
      pic: feedPic(2),
      author: '张晓雯',
      authorAvatar: avatar(3),
      likeBase: 326,
      content: p('孩子上幼儿园后，我决定考一个保育师证书。', '晚上八点以后是我的学习时间，线上课程可以反复回看，这一点特别适合宝妈。'),
    },
    {
      type: 'PEOPLE_SAY',
      tag: '就业故事',
      title: '从流水线到机器人运维员',
      description: '李师傅讲述工业机器人系统运维员的转岗之路。',
      pic: feedPic(1),
      author: '李建国',
      authorAvatar: avatar(1),
      likeBase: 512,
      content: p('在产线干了八年，工厂上了机器人，我就来学运维。', '拿到证书后工资涨了两千多。'),
    },
    {
      type: 'PEOPLE_SAY',
      tag: '学员心声',
      title: '人工智能训练师：比想象中有趣',
      description: '应届毕业生王同学的第一份数字岗位。',
      pic: feedPic(5),
      author: '王雨桐',
      authorAvatar: avatar(2),
      likeBase: 208,
      content: p('原以为数据标注很枯燥，上课后才知道里面有很多门道。'),
    },
    {
      type: 'PEOPLE_SAY',
      tag: '教师寄语',
      title: '刘老师：技能是最好的底气',
      description: '从教二十年的健康管理师讲师寄语新学员。',
      pic: feedPic(3),
      author: '刘慧敏',
      authorAvatar: avatar(4),
      likeBase: 187,
      content: p('每一位走进教室的学员，都是在为自己投资。'),
    },
    {
      type: 'PEOPLE_SAY',
      tag: '就业故事',
      title: '电商师结业后开了自己的网店',
      description: '陈同学把家乡的茶叶卖到了全国。',
      pic: feedPic(4),
      author: '陈晨',
      authorAvatar: avatar(5),
      likeBase: 431,
      content: p('直播实训课上学到的选品和复盘方法，现在每天都在用。'),
    },
    {
      type: 'PEOPLE_SAY',
      tag: '学员心声',
      title: '五十岁再学习，我考下了健康管理师',
      description: '赵阿姨说：学习没有年龄限制。',
      pic: feedPic(6),
      author: '赵秀兰',
      authorAvatar: avatar(6),
      likeBase: 655,
      content: p('一开始担心跟不上，班主任每周都会打电话提醒我上课。'),
    },
    {
      type: 'PEOPLE_SAY',
      tag: '教师寄语',
      title: '周老师：网络安全没有捷径',
      description: '网络安全管理员讲师谈备赛与备考。',
      pic: feedPic(7),
      author: '周建明',
      authorAvatar: avatar(7),
      likeBase: 143,
      content: p('多动手，多复盘，比背题更重要。'),
    },
    {
      type: 'PEOPLE_SAY',
      tag: '就业故事',
      title: '数据分析师：财务人的第二条跑道',
      description: '会计出身的学员用数据分析赢得晋升。',
      pic: feedPic(8),
      author: '孙悦',
      authorAvatar: avatar(2),
      likeBase: 276,
      content: p('学会用数据讲故事，是这门课给我最大的收获。'),
    },
    {
      type: 'PEOPLE_SAY',
      tag: '学员心声',
      title: '茶艺师研学营，最难忘的一周',
      description: '学员走进茶园，从采茶到冲泡全程体验。',
      pic: feedPic(3),
      author: '吴婷',
      authorAvatar: avatar(4),
      likeBase: 98,
      content: p('第一次亲手炒茶，手上烫了两个泡，但很值得。'),
    },
    {
      type: 'PEOPLE_SAY',
      tag: '就业故事',
      title: '保育师持证上岗，托育园抢着要',
      description: '持证保育师的就业现状。',
      pic: feedPic(6),
      author: '郑丽',
      authorAvatar: avatar(6),
      likeBase: 164,
      content: p('我们班 30 个人，结业一个月内全部上岗。'),
    },
    {
      type: 'PEOPLE_SAY',
      tag: '学员心声',
      title: '（已下架）旧版学员访谈',
      description: '已下架。',
      pic: feedPic(1),
      author: '学院宣传部',
      authorAvatar: avatar(8),
      likeBase: 0,
      status: 0,
      content: p('已下架。'),
    },
    // 瞬间
    {
      type: 'MICRO_CLASSROOM',
      tag: '实训课堂',
      title: '工业机器人示教编程 60 秒',
      description: '一分钟看懂示教器的基本操作。',
      pic: feedPic(1),
      author: '智能制造教研室',
      authorAvatar: avatar(8),
      likeBase: 388,
      content: p('示教器三个常用模式：手动、自动和远程。'),
    },
    {
      type: 'MICRO_CLASSROOM',
      tag: '考前辅导',
      title: '人工智能训练师高频考点速记',
      description: '数据清洗与标注规范的三个易错点。',
      pic: feedPic(5),
      author: '人工智能教研室',
      authorAvatar: avatar(8),
      likeBase: 521,
      content: p('易错点一：标注框必须贴合目标边缘。'),
    },
    {
      type: 'MICRO_CLASSROOM',
      tag: '校园生活',
      title: '清晨的图书馆',
      description: '七点半，已经有学员在排队等开门。',
      pic: feedPic(3),
      author: '学院宣传部',
      authorAvatar: avatar(8),
      likeBase: 246,
      content: p('周末的图书馆总是最早坐满。'),
    },
    {
      type: 'MICRO_CLASSROOM',
      tag: '实训课堂',
      title: '健康小屋里的血压测量课',
      description: '健康管理师实操：规范测量血压。',
      pic: feedPic(6),
      author: '健康管理教研室',
      authorAvatar: avatar(8),
      likeBase: 133,
      content: p('袖带下缘距肘窝二到三厘米。'),
    },
    {
      type: 'MICRO_CLASSROOM',
      tag: '考前辅导',
      title: '实操考核着装与流程提醒',
      description: '考前一天必看的注意事项。',
      pic: feedPic(7),
      author: '学院考试中心',
      authorAvatar: avatar(8),
      likeBase: 302,
      content: p('请携带身份证原件，提前 30 分钟到达考场。'),
    },
    {
      type: 'MICRO_CLASSROOM',
      tag: '校园生活',
      title: '结业典礼彩排花絮',
      description: '典礼前夜，学员志愿者在布置会场。',
      pic: feedPic(2),
      author: '学院宣传部',
      authorAvatar: avatar(8),
      likeBase: 177,
      content: p('彩排到晚上十点，大家都很兴奋。'),
    },
    {
      type: 'MICRO_CLASSROOM',
      tag: '实训课堂',
      title: '直播间话术现场纠错',
      description: '电子商务师实训：老师现场点评直播话术。',
      pic: feedPic(4),
      author: '电子商务教研室',
      authorAvatar: avatar(8),
      likeBase: 264,
      content: p('开场 30 秒决定观众是否留下来。'),
    },
    {
      type: 'MICRO_CLASSROOM',
      tag: '考前辅导',
      title: '机考系统操作演示',
      description: '理论知识考试机考全流程演示。',
      pic: feedPic(8),
      author: '学院考试中心',
      authorAvatar: avatar(8),
      likeBase: 415,
      content: p('交卷前请检查是否有未作答题目。'),
    },
    {
      type: 'MICRO_CLASSROOM',
      tag: '校园生活',
      title: '一起来看实训中心开放日',
      description: '开放日现场，市民体验工业机器人。',
      pic: feedPic(1),
      author: '学院宣传部',
      authorAvatar: avatar(8),
      likeBase: 198,
      content: `${p('开放日当天接待市民 800 余人次。')}<script>alert("x")</script><img src="/images/engagement/album-robot.svg" alt="实训中心" onerror="alert(1)">`,
    },
    {
      type: 'MICRO_CLASSROOM',
      tag: '实训课堂',
      title: '（已下架）旧课程片段',
      description: '已下架。',
      pic: feedPic(8),
      author: '学院宣传部',
      authorAvatar: avatar(8),
      likeBase: 0,
      status: 0,
      content: p('已下架。'),
    },
  ],
  comments: [
    {
      on: { material: '学院正门' },
      comments: [
        { author: { role: 'VEST', name: '校友小李', pic: avatar(1) }, content: '每次路过学院正门都很亲切，当年就是在这里开始学电商的。', ageHours: 50 },
        { author: { role: 'VEST', name: '南京考生', pic: avatar(5) }, content: '报名前来实地看过，校园环境真不错，交通也方便。', ageHours: 30 },
      ],
    },
    {
      on: { material: '图书馆阅览室' },
      comments: [
        {
          author: DEMO_USER_A,
          content: '图书馆很安静，周末来复习效率很高。',
          ageHours: 26,
          replies: [
            {
              author: VEST_ASSISTANT,
              content: '感谢认可！图书馆周末开放时间为 8:30—21:00。',
              ageHours: 25,
              replies: [
                {
                  author: DEMO_USER_B,
                  content: '请问进馆需要带学员证吗？',
                  ageHours: 20,
                  replies: [{ author: VEST_ASSISTANT, content: '需要刷学员证或出示学习平台里的电子学员码哦。', ageHours: 19 }],
                },
              ],
            },
            { author: DEMO_USER_B, content: '同感，二楼靠窗的位置最好。', ageHours: 22 },
          ],
        },
        { author: { role: 'VEST', name: '备考中的小王', pic: avatar(2) }, content: '有没有一起备考人工智能训练师的同学？', ageHours: 8 },
      ],
    },
    {
      on: { material: '实训中心开放日' },
      comments: [{ author: { role: 'VEST', name: '机电专业学生', pic: avatar(7) }, content: '机器人现场演示太酷了，明年一定报名！', ageHours: 40 }],
    },
    {
      on: { feed: '宝妈转型保育师，我用了三个月' },
      comments: [{ author: DEMO_USER_B, content: '太励志了，我也准备报名保育师。', ageHours: 12 }],
    },
  ],
  reviewTags: ['课程实用', '老师专业', '服务贴心', '考试通过'],
  reviews: [
    {
      content:
        '报名人工智能训练师之前一直担心自己基础薄弱跟不上，结果课程从最基础的数据采集、清洗讲起，每一节都配有实操作业，老师会在学习群里逐条点评。最让我感动的是班主任，每周都会提醒学习进度，考前还组织了三次模拟考试。' +
        '理论和实操一次性通过，拿到四级证书后顺利转岗到公司的数据标注组，月薪比原来高了两千多。推荐给想转型数字岗位的朋友！',
      author: '王雨桐',
      authorPic: avatar(2),
      variety: '人工智能训练师（四级）',
      files: [`${IMG}/review-1.svg`, `${IMG}/review-4.svg`],
      browseCount: 1892,
      thumbsBase: 236,
      schoolComment: '感谢王同学的认可！祝你在新岗位上大展身手，也欢迎继续报考三级。',
      score: 5,
      top: true,
      ageHours: 240,
      tags: ['课程实用', '考试通过'],
    },
    {
      content:
        '电子商务师的直播实训课太实用了！学院搭了真实的直播间，每个学员都要轮流上播，下播后老师带着大家看数据复盘：停留时长、转化率、话术节奏，一项一项抠。结业后我回老家帮亲戚卖茶叶，第一个月就卖出去三百多单。' +
        '唯一的建议是希望晚班的实训时间能再多一些，上班族周末排队有点挤，有时候要等上半个小时才能轮到自己上播。',
      author: '陈晨',
      authorPic: avatar(5),
      variety: '电子商务师（三级）',
      files: [DEMO_VIDEO, `${IMG}/review-2.svg`],
      browseCount: 1204,
      thumbsBase: 158,
      schoolComment: '已收到建议，下季度起晚班实训增加周三、周五两个时段。',
      score: 5,
      ageHours: 60,
      tags: ['课程实用', '服务贴心'],
    },
    {
      content: '老师讲得很细，案例都来自社区真实场景，健康管理师一次通过。',
      author: '赵秀兰',
      authorPic: avatar(6),
      variety: '健康管理师（三级）',
      files: [],
      browseCount: 635,
      thumbsBase: 87,
      schoolComment: null,
      score: 5,
      ageHours: 20,
      tags: ['老师专业', '考试通过'],
    },
    {
      content:
        '作为一名全职妈妈，时间非常零碎，线上课程可以随时回看，这一点真的帮了大忙。保育师的实操课安排在周末，孩子由家人带，我可以安心上课。老师会把每个操作拆成步骤反复示范，比如冲调奶粉、测体温、处理小擦伤，考试时心里特别有底。' +
        '现在我已经在家附近的托育园上班了，每天都能按时接送孩子，收入也稳定了，真心感谢学院和各位老师！',
      author: '张晓雯',
      authorPic: avatar(3),
      variety: '保育师（四级）',
      files: [`${IMG}/review-3.svg`],
      browseCount: 980,
      thumbsBase: 121,
      schoolComment: null,
      score: 5,
      ageHours: 120,
      tags: ['服务贴心', '考试通过'],
    },
    {
      content: '靶场环境很接近实战，周老师的复盘课收获最大。',
      author: '周同学',
      authorPic: avatar(7),
      variety: '网络安全管理员（四级）',
      files: [],
      browseCount: 412,
      thumbsBase: 45,
      schoolComment: null,
      score: 4,
      ageHours: 5,
      tags: ['老师专业'],
    },
    {
      content: '数据分析课的案例用的都是企业真实数据，学完就能用在工作里。',
      author: '孙悦',
      authorPic: avatar(2),
      variety: '大数据分析师（中级）',
      files: [`${IMG}/review-1.svg`],
      browseCount: 533,
      thumbsBase: 66,
      schoolComment: null,
      score: 5,
      ageHours: 300,
      tags: ['课程实用'],
    },
    {
      content: '茶艺课很有氛围，研学营值得参加。',
      author: '吴婷',
      authorPic: avatar(4),
      variety: '茶艺师（四级）',
      files: [],
      browseCount: 268,
      thumbsBase: 23,
      schoolComment: '谢谢吴同学！下一期研学营 12 月开营，欢迎带朋友来。',
      score: 5,
      ageHours: 500,
      tags: ['服务贴心'],
    },
    {
      content: '（待审核）这条点评尚未公开。',
      author: '匿名学员',
      authorPic: avatar(8),
      variety: '茶艺师（四级）',
      files: [],
      browseCount: 0,
      thumbsBase: 0,
      schoolComment: null,
      score: 3,
      status: 0,
      ageHours: 1,
      tags: ['课程实用'],
    },
  ],
};

export const HUAXIA_ENGAGEMENT: EngagementSeed = {
  banners: [{ name: '华夏数字云校 无人机驾驶员培训', pic: `${IMG}/huaxia-banner-1.svg`, url: '/educational-product' }],
  tabs: [{ key: 'huaxia', name: '华夏风采' }],
  categories: [
    {
      name: '华夏无人机基地',
      tabKey: 'huaxia',
      materials: [
        { name: '华夏基地全景', type: 'PIC', pic: `${IMG}/huaxia-album-base.svg`, introduce: '华夏数字云校海淀无人机基地。' },
        { name: '华夏无人机编队', type: 'PIC', pic: `${IMG}/huaxia-album-drone.svg`, introduce: '学员编队飞行训练。' },
        { name: '华夏飞行演示', type: 'VIDEO', pic: `${IMG}/huaxia-video.svg`, video: DEMO_VIDEO, introduce: '华夏数字云校飞行演示。' },
      ],
    },
  ],
  feedTags: [
    { type: 'PEOPLE_SAY', name: '华夏学员说' },
    { type: 'MICRO_CLASSROOM', name: '华夏课堂' },
  ],
  feeds: [
    {
      type: 'PEOPLE_SAY',
      tag: '华夏学员说',
      title: '华夏学员：退役后我成了无人机驾驶员',
      description: '华夏数字云校学员故事。',
      pic: feedPic(7),
      author: '华夏学员老马',
      authorAvatar: avatar(1),
      likeBase: 52,
      content: p('华夏数字云校的学员故事。'),
    },
    {
      type: 'PEOPLE_SAY',
      tag: '华夏学员说',
      title: '华夏学员：航拍爱好变成了职业',
      description: '华夏数字云校学员故事。',
      pic: feedPic(6),
      author: '华夏学员小宋',
      authorAvatar: avatar(5),
      likeBase: 31,
      content: p('华夏数字云校的学员故事。'),
    },
    {
      type: 'MICRO_CLASSROOM',
      tag: '华夏课堂',
      title: '华夏课堂：起飞前检查清单',
      description: '华夏数字云校微课。',
      pic: feedPic(1),
      author: '华夏教研室',
      authorAvatar: avatar(8),
      likeBase: 40,
      content: p('华夏数字云校的微课。'),
    },
  ],
  comments: [
    {
      on: { material: '华夏基地全景' },
      comments: [{ author: { role: 'VEST', name: '华夏校友', pic: avatar(1) }, content: '华夏基地的场地真开阔。', ageHours: 10 }],
    },
  ],
  reviewTags: ['华夏好评'],
  reviews: [
    {
      content: '华夏数字云校的无人机课程很系统，教员经验丰富。',
      author: '华夏学员老马',
      authorPic: avatar(1),
      variety: '华夏无人机驾驶员',
      files: [`${IMG}/huaxia-review-1.svg`],
      browseCount: 120,
      thumbsBase: 12,
      schoolComment: null,
      score: 5,
      ageHours: 30,
      tags: ['华夏好评'],
    },
  ],
};

/** Seed content by tenant id. */
export const ENGAGEMENT_SEEDS: Record<string, EngagementSeed> = {
  '1000000000000000001': DEMO_ENGAGEMENT,
  '1000000000000000002': HUAXIA_ENGAGEMENT,
};
