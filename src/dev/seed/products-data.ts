/**
 * Demo data of the products and school-profile feature: training products with operation
 * categories, the products and common questions of each hot major, information content blocks
 * and certification organisations. The demo school gets the full set, 华夏数字云校 a small one.
 */

export interface SeedProduct {
  /** A key the categories and majors refer to. */
  key: string;
  name: string;
  pic: string;
  picTag: string | null;
  thumbs: number;
  periods: (1 | 2 | 3 | 4)[];
  certificationOrg: string | null;
  issuingAuthorityName: string | null;
  certificateType: { code: string; desc: string } | null;
  verification: 0 | 1 | 2;
  benefits: string | null;
  stand: string | null;
  coupon: string | null;
  subsidy: string | null;
  childType: string | null;
  /** Default 1 (on sale). */
  state?: number;
}

export interface SeedCategory {
  name: string;
  isVariety: 0 | 1;
  state?: number;
  /** Placements: product key, placement seq, placement state (default 1). */
  products: [key: string, seq: number, state?: number][];
}

export interface SeedQuestion {
  name: string;
  answer: string;
  /** null: no seq (sorts as 1000). */
  seq: number | null;
}

export interface SeedMajorLinks {
  /** The hot major's name (hot majors are seeded by the core seeder). */
  major: string;
  products: string[];
  questions: SeedQuestion[];
}

export interface SeedBlock {
  title: string;
  name: string;
  content: string;
  state?: number;
}

export interface SeedOrganization {
  name: string;
  orgType: string;
  certificationType: string;
  serviceScope: string;
  features: string;
  /** Detail tabs (information type 2, owned by the organisation). */
  blocks: SeedBlock[];
  state?: number;
}

export interface ProductSeedSet {
  schoolName: string;
  institutionName: string;
  products: SeedProduct[];
  categories: SeedCategory[];
  majors: SeedMajorLinks[];
  /** Information blocks owned by the school: type 0 (project) and type 1 (institution). */
  projectBlocks: SeedBlock[];
  institutionBlocks: SeedBlock[];
  organizations: SeedOrganization[];
}

const p = (...paragraphs: string[]) => paragraphs.map((x) => `<p>${x}</p>`).join('');
const ul = (...items: string[]) => `<ul>${items.map((x) => `<li>${x}</li>`).join('')}</ul>`;

const SKILL_CERT = { code: 'SKILL_LEVEL', desc: '职业技能等级证书' };
const SPECIAL_CERT = { code: 'SPECIAL_ABILITY', desc: '专项职业能力证书' };
const TRAINING_CERT = { code: 'TRAINING', desc: '培训结业证书' };
const SCHOOL = '江南职业技能培训学院';

const DEMO_PRODUCTS: SeedProduct[] = [
  {
    key: 'ai',
    name: '人工智能训练师（四级）职业技能等级认定培训班',
    pic: '/images/products/ai-trainer.svg',
    picTag: '热招',
    thumbs: 2356,
    periods: [1, 2, 3],
    certificationOrg: '全国数字技能人才评价联盟',
    issuingAuthorityName: SCHOOL,
    certificateType: SKILL_CERT,
    verification: 1,
    benefits: '纳入职业技能提升补贴目录，证书全国联网可查，可作为数据标注、模型训练岗位的上岗凭证。',
    stand: '3980',
    coupon: '2980',
    subsidy: '1500',
    childType: 'SKILL',
  },
  {
    key: 'ecommerce',
    name: '电子商务师（三级）直播运营实战班',
    pic: '/images/products/ecommerce.svg',
    picTag: '直播方向',
    thumbs: 1520,
    periods: [1, 2],
    certificationOrg: '江南数字经济行业协会',
    issuingAuthorityName: SCHOOL,
    certificateType: SKILL_CERT,
    verification: 1,
    benefits: '覆盖短视频与直播电商全流程运营，结业可参加三级等级认定。',
    stand: '2680',
    coupon: '1980起',
    subsidy: '1000',
    childType: 'SKILL',
  },
  {
    key: 'health',
    name: '健康管理师（三级）考证精品班',
    pic: '/images/products/health.svg',
    picTag: null,
    thumbs: 860,
    periods: [1, 2, 3],
    certificationOrg: '江苏省职业技能等级认定服务中心',
    issuingAuthorityName: SCHOOL,
    certificateType: SKILL_CERT,
    verification: 1,
    benefits: '社区健康服务、体检中心和养老机构的常用岗位证书。',
    stand: '3280',
    coupon: '3280',
    subsidy: null,
    childType: 'SKILL',
  },
  {
    key: 'security',
    name: '网络安全管理员（四级）攻防实训班',
    pic: '/images/products/security.svg',
    picTag: '实训',
    thumbs: 1200,
    periods: [1, 2, 4],
    certificationOrg: '全国数字技能人才评价联盟',
    issuingAuthorityName: SCHOOL,
    certificateType: SKILL_CERT,
    verification: 1,
    benefits: '等级保护、日志审计与应急响应实训，适合运维人员转岗安全岗位。',
    stand: '4680',
    coupon: '3880',
    subsidy: '1500',
    childType: 'SKILL',
  },
  {
    key: 'data',
    name: '大数据分析师（中级）Python 与 BI 可视化',
    pic: '/images/products/data.svg',
    picTag: '新课',
    thumbs: 1999,
    periods: [1, 3],
    certificationOrg: '全国数字技能人才评价联盟',
    issuingAuthorityName: '全国数字技能人才评价联盟',
    certificateType: SPECIAL_CERT,
    verification: 2,
    benefits: '面向财务、运营、市场岗位，学完即可搭建业务数据看板。',
    stand: '2980',
    coupon: '2580起',
    subsidy: null,
    childType: 'PROFESSIONAL',
  },
  {
    key: 'childcare',
    name: '保育师（四级）托育服务实训班',
    pic: '/images/products/childcare.svg',
    picTag: '补贴',
    thumbs: 640,
    periods: [1, 2, 3],
    certificationOrg: '江苏省职业技能等级认定服务中心',
    issuingAuthorityName: SCHOOL,
    certificateType: SKILL_CERT,
    verification: 1,
    benefits: '托育机构从业必备，学员可申领职业技能提升补贴。',
    stand: '1980',
    coupon: '1680起',
    subsidy: '800',
    childType: 'SKILL',
  },
  {
    key: 'hr',
    name: '企业人力资源管理师（三级）周末班',
    pic: '/images/products/hr.svg',
    picTag: null,
    thumbs: 2890,
    periods: [1, 2],
    certificationOrg: '江苏省职业技能等级认定服务中心',
    issuingAuthorityName: SCHOOL,
    certificateType: SKILL_CERT,
    verification: 1,
    benefits: '六大模块系统学习，适合人事行政人员晋升与跳槽。',
    stand: '3580',
    coupon: '2880',
    subsidy: '1200',
    childType: 'SKILL',
  },
  {
    key: 'robot',
    name: '工业机器人系统运维员（四级）产线实操班',
    pic: '/images/products/robot.svg',
    picTag: '实操',
    thumbs: 430,
    periods: [1, 2, 4],
    certificationOrg: null,
    issuingAuthorityName: SCHOOL,
    certificateType: TRAINING_CERT,
    verification: 0,
    benefits: '在学院实训中心六轴机器人工作站完成示教编程与故障排查训练。',
    stand: '4280',
    coupon: null,
    subsidy: null,
    childType: 'SKILL',
  },
  {
    // Off sale: never listed anywhere.
    key: 'tea',
    name: '茶艺师（五级）研学营（已下架）',
    pic: '/images/products/tea.svg',
    picTag: null,
    thumbs: 120,
    periods: [1],
    certificationOrg: null,
    issuingAuthorityName: SCHOOL,
    certificateType: TRAINING_CERT,
    verification: 0,
    benefits: null,
    stand: '980',
    coupon: null,
    subsidy: null,
    childType: 'SKILL',
    state: 0,
  },
];

/** Questions of one major: 3 to 5, some without seq (they sort as 1000, before seq 1500). */
function questionsFor(major: string, count: 3 | 4 | 5, detail: { hours: string; cert: string }): SeedQuestion[] {
  const all: SeedQuestion[] = [
    {
      name: `${major}证书有什么用？`,
      seq: 2,
      answer: p(
        `${detail.cert}由经备案的社会评价组织颁发，证书信息可在“技能人才评价证书全国联网查询”系统查到。`,
        '持证人员可按规定申领职业技能提升补贴，也是企业招聘、岗位晋升的重要参考。',
      ),
    },
    {
      name: `报考${major}需要满足什么条件？`,
      seq: 1,
      answer:
        p('具备以下条件之一即可报名：') +
        ul('取得相关职业四级证书后，累计从事本职业工作满 4 年', '相关专业大专及以上学历，从事本职业工作满 2 年', '技工院校相关专业应届毕业生'),
    },
    {
      name: `${major}培训周期多长？是线上还是线下？`,
      seq: null,
      answer: p(`培训共 ${detail.hours}，理论课程在学习平台线上完成，实操课程在学院实训中心面授，周末班与晚班均可选择。`),
    },
    {
      name: `${major}考试怎么考？多少分及格？`,
      seq: 3,
      answer: p('考试分理论知识考试和操作技能考核两部分，均采用百分制，两部分成绩都达到 60 分及以上为合格。', '理论考试为机考，操作技能考核在标准化考场进行。'),
    },
    {
      name: `在职人员可以申请${major}培训补贴吗？`,
      seq: 1500,
      answer: p('可以。参加企业职工基本养老保险的在职人员，取得证书后 12 个月内可向参保地人社部门申请职业技能提升补贴，学院招生老师会协助准备材料。'),
    },
  ];
  return all.slice(0, count);
}

/** A major's products and its usual questions (questionsFor). */
function majorLinks(major: string, products: string[], count: 3 | 4 | 5, detail: { hours: string; cert: string }): SeedMajorLinks {
  return { major, products, questions: questionsFor(major, count, detail) };
}

const DEMO_MAJORS: SeedMajorLinks[] = [
  {
    major: '人工智能训练师',
    products: ['ai', 'data'],
    questions: [
      ...questionsFor('人工智能训练师', 4, { hours: '96 课时（约 8 周）', cert: '人工智能训练师职业技能等级证书' }),
      {
        name: '零基础能学会人工智能训练师吗？',
        seq: 4,
        // Stored hostile markup: the answer is sanitised before any page or API shows it.
        answer:
          p('可以。课程从数据标注基础讲起，配套实训平台，零基础学员一般 4 周可以独立完成标注任务。') +
          '<script>alert("x")</script><img src="/images/products/ai-trainer.svg" alt="实训平台截图" onerror="alert(1)">',
      },
    ],
  },
  majorLinks('电子商务师', ['ecommerce'], 3, { hours: '72 课时（约 6 周）', cert: '电子商务师职业技能等级证书' }),
  majorLinks('健康管理师', ['health', 'childcare'], 5, { hours: '120 课时（约 10 周）', cert: '健康管理师职业技能等级证书' }),
  majorLinks('网络安全管理员', ['security'], 4, { hours: '108 课时（约 9 周）', cert: '网络安全管理员职业技能等级证书' }),
  majorLinks('数据分析师', ['data', 'ai'], 3, { hours: '64 课时（约 5 周）', cert: '大数据分析师专项职业能力证书' }),
  majorLinks('保育师', ['childcare'], 5, { hours: '80 课时（约 6 周）', cert: '保育师职业技能等级证书' }),
  majorLinks('企业人力资源管理师', ['hr'], 4, { hours: '100 课时（约 12 个周末）', cert: '企业人力资源管理师职业技能等级证书' }),
  majorLinks('工业机器人系统运维员', ['robot'], 3, { hours: '128 课时（约 8 周）', cert: '工业机器人系统运维员职业技能等级证书' }),
  majorLinks('中式烹调师', [], 3, { hours: '90 课时（约 6 周）', cert: '中式烹调师职业技能等级证书' }),
  // The only product of 茶艺师 is off sale: its related list is empty.
  majorLinks('茶艺师', ['tea'], 4, { hours: '60 课时（约 4 周）', cert: '茶艺师职业技能等级证书' }),
  // 碳排放管理员 has no questions and no products: the page shows its empty states.
];

export const DEMO_PRODUCT_SEED: ProductSeedSet = {
  schoolName: SCHOOL,
  institutionName: SCHOOL,
  products: DEMO_PRODUCTS,
  categories: [
    {
      name: '热门推荐',
      isVariety: 0,
      products: [
        ['hr', 1],
        ['ai', 2],
        ['ecommerce', 3],
        ['security', 4],
        ['childcare', 5],
        ['data', 6],
        ['health', 7, 0], // placement switched off
        ['tea', 8], // product off sale
      ],
    },
    {
      name: '数字技术',
      isVariety: 1,
      products: [
        ['ai', 1],
        ['security', 2],
        ['data', 3],
        ['robot', 4],
      ],
    },
    {
      name: '健康与养老服务',
      isVariety: 1,
      products: [
        ['health', 1],
        ['childcare', 2],
      ],
    },
    { name: '历史班次（停用）', isVariety: 0, state: 0, products: [['tea', 1]] },
  ],
  majors: DEMO_MAJORS,
  projectBlocks: [
    {
      name: '项目背景',
      title: '数字技能人才培养工程的由来',
      content: p(
        '为落实“技能中国行动”和江苏省数字经济发展规划，学院联合区域龙头企业于 2023 年启动“数字技能人才培养工程”。',
        '项目围绕人工智能、电子商务、网络安全、数据分析等新职业，面向在职人员、应届毕业生和转岗人员开展培训、评价与认证服务。',
      ),
    },
    {
      name: '项目价值',
      title: '为学员、企业和区域发展创造价值',
      content: ul(
        '学员：获得全国联网可查的职业技能等级证书，可按规定申领技能提升补贴',
        '企业：按岗位标准定向培养，缩短新员工上岗周期',
        '区域：三年累计培养数字技能人才 2.6 万人次，服务企业 1200 余家',
      ),
    },
    {
      name: '项目特色',
      title: '考培一体、线上线下融合',
      content: p('课程对接国家职业标准，线上学习平台与线下实训中心相结合；培训、考试、评价、证书一站式完成，学员全程有班主任跟进。'),
    },
    { name: '草稿', title: '（未发布）项目介绍草稿', content: p('草稿内容，不应显示。'), state: 0 },
  ],
  institutionBlocks: [
    {
      name: '机构简介',
      title: '江南职业技能培训学院',
      content: p(
        '江南职业技能培训学院成立于 2009 年，是经南京市人力资源和社会保障局批准设立的民办职业培训学校，也是经备案的职业技能等级认定社会培训评价组织。',
        '学院现有建邺、苏州园区、无锡三个服务网点，年培训规模超过 1.5 万人次。',
      ),
    },
    {
      name: '师资力量',
      title: '专兼结合的双师型教学团队',
      content: p('学院有专职教师 86 人，其中高级讲师 32 人；另聘请企业技术骨干担任兼职导师 120 余人，实操课程均由一线工程师授课。'),
    },
    {
      name: '教学服务',
      title: '从报名到拿证的全程服务',
      content: ul('入学测评与个性化学习计划', '班主任督学与在线答疑', '考前模拟考试与考点串讲', '证书领取与补贴申领指导'),
    },
  ],
  organizations: [
    {
      name: '全国数字技能人才评价联盟',
      orgType: 'CERTIFICATION',
      certificationType: 'COUNTRY',
      serviceScope: '人工智能训练师、网络安全管理员、大数据分析等数字技能类职业的等级认定与专项能力评价',
      features: '评价标准对接国家职业技能标准，证书信息全国联网可查',
      blocks: [
        {
          name: '服务范围',
          title: '覆盖 18 个数字技能职业',
          content: p('承担人工智能训练师、网络安全管理员、数据分析等 18 个职业（工种）的评价工作，在全国设有 60 余个评价站点。'),
        },
        {
          name: '服务成果',
          title: '累计评价 12 万人次',
          content: p('截至 2026 年，累计完成技能评价 12 万人次，发放证书 9.8 万本，获评年度优秀社会评价组织。'),
        },
      ],
    },
    {
      name: '江苏省职业技能等级认定服务中心',
      orgType: 'CERTIFICATION',
      certificationType: 'PROVINCE',
      serviceScope: '健康管理师、保育师、企业人力资源管理师等职业的等级认定组织与质量督导',
      features: '全省统一题库与考务系统，考评人员持证上岗',
      blocks: [
        { name: '服务范围', title: '全省 13 个设区市', content: p('面向全省 13 个设区市的培训机构和企业开展等级认定组织、考务管理和质量督导。') },
        { name: '服务成果', title: '规范高效的认定服务', content: p('2025 年组织认定考试 420 场，认定合格率 78%，考务投诉率低于千分之一。') },
      ],
    },
    {
      name: '江南数字经济行业协会',
      orgType: 'EVALUATION',
      certificationType: 'INDUSTRY',
      serviceScope: '电子商务、直播运营等数字经济岗位的行业能力评价',
      features: '由 200 余家会员企业共同制定岗位能力标准，评价结果行业互认',
      blocks: [{ name: '服务范围', title: '行业能力评价', content: p('开展直播运营、跨境电商运营等岗位的行业能力评价，会员企业优先录用持证人员。') }],
    },
  ],
};

export const HUAXIA_PRODUCT_SEED: ProductSeedSet = {
  schoolName: '华夏数字云校',
  institutionName: '华夏数字云校',
  products: [
    {
      key: 'drone',
      name: '华夏专属：无人机驾驶员（四级）培训班',
      pic: '/images/products/drone.svg',
      picTag: '华夏',
      thumbs: 3100,
      periods: [1, 2, 3],
      certificationOrg: '华夏低空经济认证中心',
      issuingAuthorityName: '华夏数字云校',
      certificateType: SKILL_CERT,
      verification: 1,
      benefits: '低空经济岗位上岗凭证。',
      stand: '6800',
      coupon: '5800起',
      subsidy: null,
      childType: 'SKILL',
    },
    {
      key: 'lowalt',
      name: '华夏专属：低空经济应用实务',
      pic: '/images/products/drone.svg',
      picTag: null,
      thumbs: 90,
      periods: [1],
      certificationOrg: null,
      issuingAuthorityName: '华夏数字云校',
      certificateType: TRAINING_CERT,
      verification: 0,
      benefits: null,
      stand: '1200',
      coupon: null,
      subsidy: null,
      childType: 'SKILL',
    },
  ],
  categories: [
    {
      name: '华夏推荐',
      isVariety: 0,
      products: [
        ['drone', 1],
        ['lowalt', 2],
      ],
    },
  ],
  majors: [
    {
      major: '华夏专属：无人机驾驶员',
      products: ['drone'],
      questions: [
        { name: '华夏专属：无人机驾驶员需要体检吗？', seq: 1, answer: p('需要提供县级以上医院的体检报告。') },
        { name: '华夏专属：训练场地在哪里？', seq: null, answer: p('在华夏数字云校海淀无人机培训基地。') },
        { name: '华夏专属：多久可以拿证？', seq: 2, answer: p('培训约 6 周，考试合格后 30 个工作日内发证。') },
      ],
    },
  ],
  projectBlocks: [{ name: '项目背景', title: '华夏技能提升行动', content: p('华夏专属：面向首都低空经济产业的技能提升行动。') }],
  institutionBlocks: [{ name: '机构简介', title: '华夏数字云校', content: p('华夏专属：华夏数字云校位于中关村。') }],
  organizations: [
    {
      name: '华夏低空经济认证中心',
      orgType: 'CERTIFICATION',
      certificationType: 'CITY',
      serviceScope: '华夏专属：无人机驾驶员等级认定',
      features: '华夏专属：低空飞行实操考核',
      blocks: [{ name: '服务范围', title: '华夏专属服务范围', content: p('华夏专属：北京市无人机驾驶员评价。') }],
    },
  ],
};

export const PRODUCT_SEEDS: Record<string, ProductSeedSet> = {
  '1000000000000000001': DEMO_PRODUCT_SEED,
  '1000000000000000002': HUAXIA_PRODUCT_SEED,
};
