/** Demo content. Times are offsets before the moment of seeding so the site always looks current. */

import type { ServicePointInfo } from '~/lib/api/contracts/tenant';

/** A demo service point: every field of a service point, each one given (the seeder adds the id and the order; none has a link). */
type SeedServicePoint = { [K in Exclude<keyof ServicePointInfo, 'id' | 'url'>]: NonNullable<ServicePointInfo[K]> };

export interface SeedTenant {
  id: string;
  preDomain: string;
  name: string;
  school: {
    projectName: string;
    universityName: string;
    universityId: string;
    logo: string;
    address: string;
    latitude: number;
    longitude: number;
    contactMobile: string;
    website: string;
    crowd: string;
    schoolType: string;
    schoolTypeName: string;
    schoolParentType: string;
    serviceAttribute: string;
    certificateAttribute: string;
    institutionProperty: string;
    institutionGrade: string;
    trainingMode: string;
    trainingInstitutionsName: string;
    certificationOrganizationTypeName: string;
    enrollDistrictScope: string;
    educationalInstitution: Record<string, string>;
    browseCount: number;
    /**
     * The footer's licence and record lines (demo numbers) and the school's own links. No demo school
     * has links of its own: an address under a name reserved for examples is a placeholder, which the
     * school settings refuse; the operator's (APP_DOWNLOAD_URL, PROMOTION_LOGIN_URL) show instead.
     */
    telecomLicence: string | null;
    icpNumber: string | null;
    policeRecordNumber: string | null;
    appDownloadUrl: string | null;
    promotionLoginUrl: string | null;
  };
  domains: { domainType: string; domain: string }[];
  servicePoints: SeedServicePoint[];
  categories: string[];
  hotMajors: { name: string; salary: number | null; prospect: string; people: string; certificates: { name: string; url: string }[] }[];
  news: {
    title: string;
    categories: number[];
    ageHours: number;
    status?: number;
    video?: string;
    sources: string;
    introduction: string;
    body: string;
    cover?: string;
  }[];
  notices: { title: string; ageHours: number; status?: number; writer: string; body: string }[];
}

/** A service point: its opening hours, its place (province, city, address) and coordinates; it enrols its own city. */
function servicePoint(
  name: string,
  type: SeedServicePoint['type'],
  [startTime, endTime]: [string, string],
  mobile: string,
  [provinceName, cityName, address]: [string, string, string],
  [latitude, longitude]: [number, number],
): SeedServicePoint {
  return { name, type, startTime, endTime, mobile, provinceName, cityName, address, latitude, longitude, enrollDistrictScope: cityName };
}

/** The demo's hot majors: name, salary (yuan a month), prospect, who it suits, and its one certificate (no link). */
const HOT_MAJORS: [string, number | null, string, string, string | null][] = [
  [
    '人工智能训练师',
    12000,
    '人工智能产业快速发展，数据标注与模型训练岗位缺口超过百万。',
    '计算机相关专业学生、希望转型数字岗位的在职人员',
    '人工智能训练师（四级）',
  ],
  ['电子商务师', 8000, '直播电商、跨境电商持续增长，运营人才需求旺盛。', '电商从业者、创业者', '电子商务师（三级）'],
  ['健康管理师', 7500, '健康中国战略推动健康管理服务走进社区和企业。', '医护人员、养老服务从业者', '健康管理师（三级）'],
  ['网络安全管理员', 11000, '关键信息基础设施保护带来大量安全运维岗位。', '网络运维人员、IT 从业者', '网络安全管理员（四级）'],
  ['数据分析师', 10500, '各行业数字化转型，数据驱动决策成为标配。', '财务、运营、市场岗位人员', '大数据分析师（中级）'],
  ['保育师', 5500, '托育服务体系建设提速，持证保育师供不应求。', '幼教从业者、宝妈群体', '保育师（四级）'],
  ['企业人力资源管理师', 9000, '企业规范用工与人才发展需求持续增加。', '人事行政人员', '企业人力资源管理师（三级）'],
  ['工业机器人系统运维员', 9500, '智能制造产线改造带动运维岗位需求。', '机电类专业学生、产线技术员', '工业机器人系统运维员（四级）'],
  ['中式烹调师', null, '餐饮业复苏，持证厨师更受连锁品牌青睐。', '餐饮从业者、创业者', null],
  ['茶艺师', 6000, '茶文化消费升级，茶空间与文旅项目需求增长。', '茶饮从业者、文旅从业者', '茶艺师（四级）'],
  ['碳排放管理员', 10000, '双碳目标下企业需要专业碳核算与管理人员。', '环保、能源、制造业从业者', null],
];

const p = (...paragraphs: string[]) => paragraphs.map((x) => `<p>${x}</p>`).join('');

export const DEMO_TENANT: SeedTenant = {
  id: '1000000000000000001',
  preDomain: 'demo',
  name: '江南职业技能培训学院',
  school: {
    projectName: '数字技能人才培养工程',
    universityName: '江南职业技能培训学院',
    universityId: '2000000000000000001',
    logo: '/images/demo-logo.svg',
    address: '江苏省南京市建邺区江东中路 369 号新华报业传媒广场 12 楼',
    latitude: 32.0196,
    longitude: 118.7386,
    contactMobile: '025-86658899',
    website: 'https://www.jiangnan-skills.example/',
    crowd: '在职人员、应届毕业生、转岗再就业人员',
    schoolType: 'TRAINING',
    schoolTypeName: '职业技能培训机构',
    schoolParentType: 'VOCATIONAL',
    serviceAttribute: '培训、考试、评价、认证',
    certificateAttribute: '职业技能等级证书',
    institutionProperty: '民办非企业',
    institutionGrade: 'AAA级',
    trainingMode: '线上+线下',
    trainingInstitutionsName: '江南职业技能培训学院',
    certificationOrganizationTypeName: '第三方社会评价组织',
    enrollDistrictScope: '南京市,苏州市,无锡市,常州市',
    educationalInstitution: {
      name: '江南职业技能培训学院',
      educationProperty: '民办职业培训学校',
      schoolFaculty: '专职教师 86 人，其中高级讲师 32 人，企业兼职导师 120 余人',
      features: '产教融合、订单培养、线上线下混合式教学',
      facilities: '实训中心 6 个，计算机机房 12 间，标准化考场 8 个',
    },
    browseCount: 236541,
    telecomLicence: '苏B2-00000000（演示）',
    icpNumber: '苏ICP备00000000号（演示）',
    policeRecordNumber: '苏公网安备00000000000000号（演示）',
    appDownloadUrl: null,
    promotionLoginUrl: null,
  },
  domains: [
    { domainType: 'PC', domain: 'demo.localhost' },
    { domainType: 'H5', domain: 'm.demo.localhost' },
    { domainType: 'ONLINE_SCHOOL', domain: 'school.example.com' },
  ],
  servicePoints: [
    servicePoint('建邺教学服务点', 'TEACHING', ['08:30:00', '17:30:00'], '025-86658801', ['江苏省', '南京市', '建邺区江东中路 369 号'], [32.0196, 118.7386]),
    servicePoint('苏州园区考试中心', 'EXAM', ['09:00:00', '18:00:00'], '0512-62881234', ['江苏省', '苏州市', '工业园区星湖街 328 号'], [31.3049, 120.7434]),
    servicePoint('无锡技能评价站', 'EVALUATE', ['08:00:00', '20:00:00'], '0510-85001122', ['江苏省', '无锡市', '滨湖区蠡湖大道 2008 号'], [31.5329, 120.2707]),
  ],
  categories: ['学院新闻', '行业动态', '政策解读', '考试指南', '学员风采'],
  hotMajors: HOT_MAJORS.map(([name, salary, prospect, people, certificate]) => ({
    name,
    salary,
    prospect,
    people,
    certificates: certificate ? [{ name: certificate, url: '' }] : [],
  })),
  news: [],
  notices: [],
};

const NEWS_TOPICS: [string, number[], string][] = [
  ['学院举办 2026 年秋季开学典礼，千余名学员线上线下同步参加', [0], '学院新闻'],
  ['人社部发布新职业信息，人工智能训练师等岗位需求持续走高', [1, 2], '人力资源社会保障部'],
  ['职业技能等级认定工作实施细则解读', [2], '学院教务处'],
  ['2026 年第四季度职业技能等级认定考试报名通知', [3], '学院考试中心'],
  ['学员张晓雯：从宝妈到持证保育师的转型之路', [4], '学院新闻'],
  ['电子商务师培训班结业，92% 学员通过等级认定', [0, 4], '学院新闻'],
  ['数字经济人才缺口报告：未来五年需求超 3000 万', [1], '中国信息通信研究院'],
  ['关于职业技能提升补贴申领的常见问题解答', [2], '学院招生办'],
  ['理论知识考试机考操作指南', [3], '学院考试中心'],
  ['学院与本地 20 家企业签订订单培养协议', [0], '学院新闻'],
  ['健康管理师行业发展现状与前景', [1], '行业观察'],
  ['技能人才评价新政：企业可自主开展技能等级认定', [2], '学院教务处'],
  ['实操考核评分标准与注意事项', [3], '学院考试中心'],
  ['学员风采：网络安全管理员学员在省赛中获一等奖', [4, 0], '学院新闻'],
  ['学院获评年度优秀职业培训机构', [0], '学院新闻'],
  ['工业机器人运维岗位需求调研结果发布', [1], '行业观察'],
  ['新版国家职业标准陆续发布，这些变化要注意', [2], '学院教务处'],
  ['考前冲刺：人工智能训练师高频考点梳理', [3], '学院教研室'],
  ['数据分析师学员作品展示', [4], '学院新闻'],
  ['学院新增苏州园区考试中心，方便苏州学员就近考试', [0, 3], '学院新闻'],
  ['养老服务人才培养纳入重点支持目录', [1, 2], '行业观察'],
  ['证书查询与验证方法说明', [3], '学院考试中心'],
  ['茶艺师研学营开营，学员走进茶园实践', [4], '学院新闻'],
  ['碳排放管理员：双碳时代的新兴职业', [1], '行业观察'],
  ['线上课程学习时长认定规则', [2, 3], '学院教务处'],
  ['学院年度教学质量报告发布', [0], '学院新闻'],
];

// Hours before seeding; several are older than 30 days so the ticker window has something to exclude.
const AGES = [2, 5, 20, 40, 70, 100, 150, 200, 260, 330, 400, 480, 550, 640, 700, 750, 800, 900, 1000, 1100, 1300, 1500, 1800, 2200, 2600, 3000];

DEMO_TENANT.news = NEWS_TOPICS.map(([title, categories, sources], i) => ({
  title,
  categories,
  ageHours: AGES[i] ?? 3000 + i * 24,
  sources,
  introduction: `${title}。本文介绍相关背景、主要内容和学员需要关注的要点。`,
  body: p(
    `${title}。`,
    '近年来，国家持续推进技能型社会建设，职业技能培训与评价体系不断完善。学院始终坚持以就业为导向，围绕区域产业需求开设培训项目。',
    '本次工作涉及报名、培训、考核与证书发放等环节，学员可登录学习平台查看课程安排，也可拨打学院咨询电话了解详情。',
    '<strong>温馨提示：</strong>请学员关注学院官网和学习平台的通知公告，按时完成学习任务。',
  ),
  cover: `/images/news-cover-${(i % 4) + 1}.svg`,
}));
DEMO_TENANT.news.push(
  {
    title: '视频：学院实训中心开放日全景回顾',
    categories: [0, 4],
    ageHours: 30,
    video: '/media/open-day.mp4',
    sources: '学院宣传部',
    introduction: '带您走进学院实训中心，看看学员们的一天。',
    body: '',
    cover: '/images/news-cover-2.svg',
  },
  { title: '（草稿）2027 年招生简章', categories: [0], ageHours: 1, status: 0, sources: '学院招生办', introduction: '草稿，尚未发布。', body: p('草稿内容。') },
  { title: '（已撤回）旧版考试安排', categories: [3], ageHours: 50, status: 2, sources: '学院考试中心', introduction: '已撤回。', body: p('已撤回的内容。') },
  {
    title: '网络安全宣传周：警惕仿冒培训机构诈骗',
    categories: [1],
    ageHours: 12,
    sources: '学院宣传部',
    introduction: '识别仿冒网站，保护个人信息。',
    body:
      p('近期出现仿冒培训机构的诈骗网站，请学员通过学院官方渠道报名缴费。') +
      '<script>alert("x")</script><img src="/images/news-cover-3.svg" alt="安全宣传海报" onerror="alert(1)"><a href="javascript:alert(1)">不安全的链接</a>',
  },
);

const NOTICE_TITLES = [
  '关于 2026 年元旦假期教学安排的通知',
  '关于开展第四季度职业技能等级认定的公告',
  '学习平台系统升级维护公告',
  '关于发放职业技能等级证书的通知',
  '2026 年秋季班开班通知',
  '关于调整苏州考点考试时间的通知',
  '关于补贴申领材料提交截止时间的提醒',
  '学员信息核对通知',
  '关于实操考核着装要求的说明',
  '线下面授课堂防疫与安全须知',
  '关于启用新版证书查询系统的公告',
  '关于规范学员请假流程的通知',
];
const NOTICE_AGES = [3, 26, 72, 130, 240, 400, 600, 760, 900, 1200, 1700, 2400];

DEMO_TENANT.notices = NOTICE_TITLES.map((title, i) => ({
  title,
  ageHours: NOTICE_AGES[i] ?? 3000,
  writer: i % 2 === 0 ? '学院教务处' : '学院考试中心',
  body: p(`各位学员：`, `${title.replace(/^关于/, '现就')}相关事项公告如下，请相互转告。`, '特此通知。', '江南职业技能培训学院'),
}));
DEMO_TENANT.notices.push({ title: '（草稿）2027 年校历', ageHours: 1, status: 0, writer: '学院教务处', body: p('草稿') });

/** Another school's profile on the base of one above: its own name wherever the base shows its own, and its own fields. */
function schoolNamed(base: SeedTenant['school'], name: string, own: Partial<SeedTenant['school']>): SeedTenant['school'] {
  return { ...base, universityName: name, trainingInstitutionsName: name, educationalInstitution: { ...base.educationalInstitution, name }, ...own };
}

export const SECOND_TENANT: SeedTenant = {
  id: '1000000000000000002',
  preDomain: 'huaxia',
  name: '华夏数字云校',
  school: schoolNamed(DEMO_TENANT.school, '华夏数字云校', {
    projectName: '华夏技能提升行动',
    universityId: '2000000000000000002',
    logo: '/images/huaxia-logo.svg',
    address: '北京市海淀区中关村大街 27 号',
    latitude: 39.9836,
    longitude: 116.3164,
    contactMobile: '010-62550000',
    website: 'https://www.huaxia-cloud.example/',
    enrollDistrictScope: '北京市',
    browseCount: 86500,
    telecomLicence: '京B2-00000000（演示）',
    icpNumber: '京ICP备00000000号（演示）',
    policeRecordNumber: null,
  }),
  domains: [{ domainType: 'PC', domain: 'huaxia.localhost' }],
  servicePoints: [
    servicePoint('海淀教学点', 'TEACHING', ['09:00:00', '18:00:00'], '010-62550001', ['北京市', '北京市', '海淀区中关村大街 27 号'], [39.9836, 116.3164]),
  ],
  categories: ['华夏要闻', '技能快讯'],
  hotMajors: [{ name: '华夏专属：无人机驾驶员', salary: 9000, prospect: '低空经济带来新岗位。', people: '退役军人、航模爱好者', certificates: [] }],
  news: [
    {
      title: '华夏数字云校独家新闻：无人机培训基地落成',
      categories: [0],
      ageHours: 10,
      sources: '华夏云校',
      introduction: '仅属于华夏数字云校的新闻。',
      body: p('华夏数字云校无人机培训基地正式落成。'),
    },
    {
      title: '华夏数字云校技能快讯：第一期学员结业',
      categories: [1],
      ageHours: 100,
      sources: '华夏云校',
      introduction: '华夏快讯。',
      body: p('第一期学员顺利结业。'),
    },
    { title: '华夏数字云校草稿', categories: [0], ageHours: 5, status: 0, sources: '华夏云校', introduction: '草稿。', body: p('草稿。') },
  ],
  notices: [{ title: '华夏数字云校开学通知', ageHours: 20, writer: '华夏教务处', body: p('华夏数字云校秋季开学。') }],
};

/**
 * A newly opened school: its profile is filled in but it has published nothing yet (no news,
 * notices, majors, products, album, reviews, feeds, coupons or service points). Every public block
 * shows its empty state here.
 */
export const EMPTY_TENANT: SeedTenant = {
  id: '1000000000000000003',
  preDomain: 'xinkai',
  name: '新开云校',
  school: schoolNamed(SECOND_TENANT.school, '新开云校', {
    projectName: '新开云校筹建项目',
    universityId: '2000000000000000003',
    logo: '/images/xinkai-logo.svg',
    address: '上海市浦东新区张江路 88 号',
    latitude: 31.2035,
    longitude: 121.5903,
    contactMobile: '',
    website: '',
    enrollDistrictScope: '上海市',
    browseCount: 0,
    telecomLicence: null,
    icpNumber: null,
  }),
  domains: [{ domainType: 'PC', domain: 'xinkai.localhost' }],
  servicePoints: [],
  categories: [],
  hotMajors: [],
  news: [],
  notices: [],
};
