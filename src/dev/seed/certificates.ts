import type { DB } from '~/server/db/database';
import { DAY } from '~/lib/time/cst';
import { newId } from '~/server/ids';
import { DEMO_TENANT, SECOND_TENANT } from './demo-data';
import type { SkillCertificateTable, TrainingCertificateTable } from '~/server/certificates/certificates.table';
import type { FeatureSeeder } from './seeder';

/**
 * Demo certificates for the two lookups: vocational skill-level certificates (职业技能等级证书) and
 * training graduation certificates (培训结业证书) of the demo school and 华夏数字云校; the newly
 * opened school has none. Holders' names have 2, 3 and 4 characters, and one has a middle dot.
 * ID numbers are made-up 18-digit numbers with a valid check digit; mobiles are made up.
 *
 * The skill-level code Y32010020240600001 exists in both schools with different holders, so a
 * lookup in one school can be shown never to find the other school's certificate.
 */

/** A skill-level certificate row without its ids; `id17` gives the ID number (check digit computed). */
export type SkillCertificateSeed = Omit<SkillCertificateTable, 'id' | 'tenantId' | 'card' | 'createdAt' | IssuedColumns> & { id17: string };

/** Who issued and revoked a certificate: nobody for the seed's (valid, issued before the staff side existed). */
type IssuedColumns = 'issuedBy' | 'revokedAt' | 'revokedReason' | 'revokedBy' | 'userId' | 'replacesId';

/**
 * A training certificate row without its ids and agency (the school's); the document number is a
 * full `idCard`, or `id17`, the first 17 digits of a resident ID number.
 */
export type TrainingCertificateSeed = Omit<
  TrainingCertificateTable,
  'id' | 'tenantId' | 'idCard' | 'agencyName' | 'createdAt' | IssuedColumns | 'classStudentId' | 'workId'
> &
  ({ idCard: string; id17?: never } | { id17: string; idCard?: never });

export interface CertificateSeed {
  agencyName: string;
  skill: SkillCertificateSeed[];
  training: TrainingCertificateSeed[];
}

const IMG = '/images/certificates';
const L5 = '五级/初级工';
const L4 = '四级/中级工';
const L3 = '三级/高级工';
const L2 = '二级/技师';
const RESIDENT = '居民身份证';

/** The check digit of an 18-digit resident ID number (ISO 7064 MOD 11-2). */
export function idCheckDigit(first17: string): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return '10X98765432'[sum % 11]!;
}

export const idNumber = (first17: string) => first17 + idCheckDigit(first17);

export const CERTIFICATE_SEED: Record<string, CertificateSeed> = {
  [DEMO_TENANT.id]: {
    agencyName: '江南职业技能培训学院',
    skill: [
      {
        name: '王芳',
        id17: '32010219900307442',
        mobile: '13851726634',
        professionName: '人工智能训练师',
        typeOfWorkName: '数据标注员',
        certificateCode: 'Y32010020240600001',
        level: L4,
        sendDate: '2024-06-18',
        certificateImgUrl: `${IMG}/skill-jiangnan.svg`,
      },
      {
        name: '李建国',
        id17: '32010619850912301',
        mobile: '13912345678',
        professionName: '电子商务师',
        typeOfWorkName: '跨境电子商务运营',
        certificateCode: 'Y32010020240600002',
        level: L3,
        sendDate: '2024-06-18',
        certificateImgUrl: `${IMG}/skill-jiangnan.svg`,
      },
      {
        name: '欧阳子轩',
        id17: '32050519980721153',
        mobile: '15062218890',
        professionName: '人工智能训练师',
        typeOfWorkName: '人工智能算法测试员',
        certificateCode: 'Y32010020240900013',
        level: L3,
        sendDate: '2024-09-27',
        certificateImgUrl: `${IMG}/skill-jiangnan.svg`,
      },
      {
        name: '陈静',
        id17: '32021119920115282',
        mobile: '18751936620',
        professionName: '保育师',
        typeOfWorkName: null,
        certificateCode: 'Y32010020241100021',
        level: L4,
        sendDate: '2024-11-08',
        certificateImgUrl: `${IMG}/skill-jiangnan.svg`,
      },
      {
        name: '张伟',
        id17: '32010419880430471',
        mobile: '13770652213',
        professionName: '网络安全管理员',
        typeOfWorkName: '信息安全管理员',
        certificateCode: 'Y32010020250300008',
        level: L2,
        sendDate: '2025-03-21',
        certificateImgUrl: `${IMG}/skill-jiangnan.svg`,
      },
      {
        name: '刘晓敏',
        id17: '32058319950618262',
        mobile: '13605128876',
        professionName: '健康管理师',
        typeOfWorkName: null,
        certificateCode: 'Y32010020250300015',
        level: L3,
        sendDate: '2025-03-21',
        certificateImgUrl: `${IMG}/skill-jiangnan.svg`,
      },
      {
        name: '周婷',
        id17: '32011319970829344',
        mobile: '15251860027',
        professionName: '茶艺师',
        typeOfWorkName: null,
        certificateCode: 'Y32010020250500004',
        level: L5,
        sendDate: '2025-05-16',
        certificateImgUrl: `${IMG}/skill-jiangnan.svg`,
      },
      {
        name: '司马婉清',
        id17: '32010219930214502',
        mobile: '18066035517',
        professionName: '企业人力资源管理师',
        typeOfWorkName: null,
        certificateCode: 'Y32010020250700019',
        level: L3,
        sendDate: '2025-07-04',
        certificateImgUrl: `${IMG}/skill-jiangnan.svg`,
      },
      {
        name: '吴磊',
        id17: '32092519900505191',
        mobile: '13813907745',
        professionName: '工业机器人系统运维员',
        typeOfWorkName: '工业机器人装调维修工',
        certificateCode: 'Y32010020250900031',
        level: L4,
        sendDate: '2025-09-12',
        certificateImgUrl: `${IMG}/skill-jiangnan.svg`,
      },
      {
        name: '孙丽华',
        id17: '32010619870322122',
        mobile: null,
        professionName: '中式烹调师',
        typeOfWorkName: '中式烹调师',
        certificateCode: 'Y32010020251000006',
        level: L3,
        sendDate: '2025-10-24',
        certificateImgUrl: `${IMG}/skill-jiangnan.svg`,
      },
      {
        name: '阿依古丽·买买提',
        id17: '65010219960317302',
        mobile: '13999125508',
        professionName: '互联网营销师',
        typeOfWorkName: '直播销售员',
        certificateCode: 'Y32010020260100002',
        level: L4,
        sendDate: '2026-01-09',
        certificateImgUrl: `${IMG}/skill-jiangnan.svg`,
      },
      {
        name: '赵一鸣',
        id17: '32011520000101573',
        mobile: '17712893304',
        professionName: '人工智能训练师',
        typeOfWorkName: '数据标注员',
        certificateCode: 'Y32010020260400011',
        level: L5,
        sendDate: '2026-04-17',
        certificateImgUrl: `${IMG}/skill-jiangnan.svg`,
      },
      {
        name: '黄佳怡',
        id17: '32010220010909064',
        mobile: '19850127718',
        professionName: '电子商务师',
        typeOfWorkName: '直播电商运营',
        certificateCode: 'Y32010020260600027',
        level: L4,
        sendDate: '2026-06-26',
        certificateImgUrl: `${IMG}/skill-jiangnan.svg`,
      },
      {
        name: '诸葛明远',
        id17: '32040219831230551',
        mobile: '13327704519',
        professionName: '网络安全管理员',
        typeOfWorkName: '网络安全运维员',
        certificateCode: 'Y32010020260900003',
        level: L3,
        sendDate: '2026-09-18',
        certificateImgUrl: `${IMG}/skill-jiangnan.svg`,
      },
    ],
    training: [
      {
        studentName: '王芳',
        idType: RESIDENT,
        id17: '32010219900307442',
        mobile: '13851726634',
        productName: '人工智能训练师（四级）培训班',
        certificateNum: 'JNPX2024060018',
        startTime: '2024-03-04',
        endTime: '2024-05-31',
        certificateUrl: `${IMG}/training-jiangnan.svg`,
      },
      {
        studentName: '马超',
        idType: RESIDENT,
        id17: '32010619910718453',
        mobile: '13584012256',
        productName: '直播电商实战训练营',
        certificateNum: 'JNPX2024080007',
        startTime: '2024-07-01',
        endTime: '2024-08-15',
        certificateUrl: `${IMG}/training-jiangnan.svg`,
      },
      {
        studentName: '胡可欣',
        idType: RESIDENT,
        id17: '32050619990412224',
        mobile: '15950873391',
        productName: '保育师岗位技能提升培训',
        certificateNum: 'JNPX2024100021',
        startTime: '2024-09-02',
        endTime: '2024-10-25',
        certificateUrl: `${IMG}/training-jiangnan.svg`,
      },
      {
        studentName: '郑国强',
        idType: RESIDENT,
        id17: '32012119790225381',
        mobile: '13770129984',
        productName: '企业人力资源管理实务研修班',
        certificateNum: 'JNPX2025010003',
        startTime: '2024-11-16',
        endTime: '2025-01-11',
        certificateUrl: `${IMG}/training-jiangnan.svg`,
      },
      {
        studentName: '林小雨',
        idType: RESIDENT,
        id17: '32030220020627106',
        mobile: '18260715543',
        productName: '数据分析师入门与实战',
        certificateNum: 'JNPX2025040016',
        startTime: '2025-02-24',
        endTime: '2025-04-18',
        certificateUrl: `${IMG}/training-jiangnan.svg`,
      },
      {
        studentName: 'Anna',
        idType: '护照',
        idCard: 'E48302917',
        mobile: '13601588472',
        productName: '中华茶艺文化体验课程',
        certificateNum: 'JNPX2025060002',
        startTime: '2025-05-10',
        endTime: '2025-06-07',
        certificateUrl: `${IMG}/training-jiangnan.svg`,
      },
      {
        studentName: '上官婉儿',
        idType: RESIDENT,
        id17: '32010419970803462',
        mobile: '13913371208',
        productName: '健康管理师（三级）考前培训',
        certificateNum: 'JNPX2025080024',
        startTime: '2025-06-16',
        endTime: '2025-08-22',
        certificateUrl: `${IMG}/training-jiangnan.svg`,
      },
      {
        studentName: '何志明',
        idType: '港澳居民来往内地通行证',
        idCard: 'H60218735',
        mobile: null,
        productName: '工业机器人操作与运维培训',
        certificateNum: 'JNPX2025110009',
        startTime: '2025-09-08',
        endTime: '2025-11-28',
        certificateUrl: `${IMG}/training-jiangnan.svg`,
      },
      {
        studentName: '徐静',
        idType: RESIDENT,
        id17: '32010219940512202',
        mobile: '15189809931',
        productName: '人工智能训练师（三级）提升班',
        certificateNum: 'JNPX2026030012',
        startTime: '2026-01-05',
        endTime: '2026-03-27',
        certificateUrl: `${IMG}/training-jiangnan.svg`,
      },
      {
        studentName: '杨帆',
        idType: RESIDENT,
        id17: '32058119960229333',
        mobile: '17798632250',
        productName: '网络安全管理员（四级）培训班',
        certificateNum: 'JNPX2026060030',
        startTime: '2026-04-13',
        endTime: '2026-06-19',
        certificateUrl: `${IMG}/training-jiangnan.svg`,
      },
      {
        studentName: '高雅琴',
        idType: RESIDENT,
        id17: '32011319880917542',
        mobile: '13770086615',
        productName: '养老护理员岗前培训',
        certificateNum: 'JNPX2026090005',
        startTime: '2026-07-06',
        endTime: '2026-09-04',
        certificateUrl: `${IMG}/training-jiangnan.svg`,
      },
      {
        studentName: '慕容云海',
        idType: RESIDENT,
        id17: '32010619920301415',
        mobile: '18913306672',
        productName: '碳排放管理员专项培训',
        certificateNum: 'JNPX2026100017',
        startTime: '2026-08-24',
        endTime: '2026-10-30',
        certificateUrl: `${IMG}/training-jiangnan.svg`,
      },
    ],
  },
  [SECOND_TENANT.id]: {
    agencyName: '华夏数字云校',
    skill: [
      {
        name: '刘洋',
        id17: '11010819890612153',
        mobile: '13801126678',
        professionName: '无人机驾驶员',
        typeOfWorkName: '多旋翼无人机驾驶员',
        certificateCode: 'Y32010020240600001',
        level: L4,
        sendDate: '2024-06-28',
        certificateImgUrl: `${IMG}/skill-huaxia.svg`,
      },
      {
        name: '张敏',
        id17: '11010519930827362',
        mobile: '13910247731',
        professionName: '数字化管理师',
        typeOfWorkName: null,
        certificateCode: 'Y11010820250300007',
        level: L3,
        sendDate: '2025-03-14',
        certificateImgUrl: `${IMG}/skill-huaxia.svg`,
      },
      {
        name: '杨光明',
        id17: '11010219860105271',
        mobile: '15011893320',
        professionName: '人工智能训练师',
        typeOfWorkName: '数据标注员',
        certificateCode: 'Y11010820250500012',
        level: L4,
        sendDate: '2025-05-30',
        certificateImgUrl: `${IMG}/skill-huaxia.svg`,
      },
      {
        name: '宇文浩然',
        id17: '13010419950723413',
        mobile: '18610325589',
        professionName: '无人机驾驶员',
        typeOfWorkName: '固定翼无人机驾驶员',
        certificateCode: 'Y11010820250800004',
        level: L3,
        sendDate: '2025-08-22',
        certificateImgUrl: `${IMG}/skill-huaxia.svg`,
      },
      {
        name: '赵雪',
        id17: '11010619970214524',
        mobile: '13521068847',
        professionName: '电子商务师',
        typeOfWorkName: '跨境电子商务运营',
        certificateCode: 'Y11010820251100019',
        level: L5,
        sendDate: '2025-11-07',
        certificateImgUrl: `${IMG}/skill-huaxia.svg`,
      },
      {
        name: '钱文博',
        id17: '11010820000930191',
        mobile: '17600418823',
        professionName: '网络安全管理员',
        typeOfWorkName: '信息安全管理员',
        certificateCode: 'Y11010820260200006',
        level: L4,
        sendDate: '2026-02-27',
        certificateImgUrl: `${IMG}/skill-huaxia.svg`,
      },
      {
        name: '韩梅',
        id17: '12010319910418226',
        mobile: '13602190054',
        professionName: '保育师',
        typeOfWorkName: null,
        certificateCode: 'Y11010820260500015',
        level: L3,
        sendDate: '2026-05-22',
        certificateImgUrl: `${IMG}/skill-huaxia.svg`,
      },
      {
        name: '段志远',
        id17: '11011419840706355',
        mobile: null,
        professionName: '企业人力资源管理师',
        typeOfWorkName: null,
        certificateCode: 'Y11010820260800002',
        level: L2,
        sendDate: '2026-08-14',
        certificateImgUrl: null,
      },
    ],
    training: [
      {
        studentName: '刘洋',
        idType: RESIDENT,
        id17: '11010819890612153',
        mobile: '13801126678',
        productName: '多旋翼无人机驾驶员（视距内）培训',
        certificateNum: 'HXPX2024050003',
        startTime: '2024-04-08',
        endTime: '2024-05-24',
        certificateUrl: `${IMG}/training-huaxia.svg`,
      },
      {
        studentName: '孔令辉',
        idType: RESIDENT,
        id17: '11010519880301432',
        mobile: '13701035526',
        productName: '数字化管理师实战营',
        certificateNum: 'HXPX2024110011',
        startTime: '2024-09-23',
        endTime: '2024-11-15',
        certificateUrl: `${IMG}/training-huaxia.svg`,
      },
      {
        studentName: '苏晴',
        idType: RESIDENT,
        id17: '11010219960519084',
        mobile: '15810932247',
        productName: '人工智能训练师（四级）周末班',
        certificateNum: 'HXPX2025040008',
        startTime: '2025-02-15',
        endTime: '2025-04-26',
        certificateUrl: `${IMG}/training-huaxia.svg`,
      },
      {
        studentName: '东方明月',
        idType: RESIDENT,
        id17: '13060219980811242',
        mobile: '18810274405',
        productName: '跨境电商运营精品班',
        certificateNum: 'HXPX2025070014',
        startTime: '2025-05-19',
        endTime: '2025-07-11',
        certificateUrl: `${IMG}/training-huaxia.svg`,
      },
      {
        studentName: '罗斌',
        idType: RESIDENT,
        id17: '11010619920122315',
        mobile: '13681276690',
        productName: '网络安全等级保护实务',
        certificateNum: 'HXPX2025100002',
        startTime: '2025-08-11',
        endTime: '2025-10-17',
        certificateUrl: `${IMG}/training-huaxia.svg`,
      },
      {
        studentName: '叶子涵',
        idType: RESIDENT,
        id17: '11010820010704046',
        mobile: '17301098853',
        productName: '低空经济与无人机应用导论',
        certificateNum: 'HXPX2026010021',
        startTime: '2025-11-03',
        endTime: '2026-01-16',
        certificateUrl: `${IMG}/training-huaxia.svg`,
      },
      {
        studentName: '顾晓东',
        idType: RESIDENT,
        id17: '12011019850303371',
        mobile: '13911604472',
        productName: '企业数字化转型管理研修班',
        certificateNum: 'HXPX2026050006',
        startTime: '2026-03-02',
        endTime: '2026-05-15',
        certificateUrl: null,
      },
      {
        studentName: '白冰',
        idType: RESIDENT,
        id17: '11010519990906128',
        mobile: '15601187729',
        productName: '保育师岗前培训（周末班）',
        certificateNum: 'HXPX2026090013',
        startTime: '2026-07-13',
        endTime: '2026-09-11',
        certificateUrl: `${IMG}/training-huaxia.svg`,
      },
    ],
  },
};

export const seedCertificates: FeatureSeeder = async (db: DB, tenant, now) => {
  const set = CERTIFICATE_SEED[tenant.id];
  if (!set) return;
  const created = now - 30 * DAY;
  await db
    .insertInto('skillCertificates')
    .values(
      set.skill.map(({ id17, ...c }) => ({
        id: newId(now),
        tenantId: tenant.id,
        ...c,
        card: idNumber(id17),
        createdAt: created,
      })),
    )
    .execute();
  await db
    .insertInto('trainingCertificates')
    .values(
      set.training.map(({ id17, idCard, ...c }) => ({
        id: newId(now),
        tenantId: tenant.id,
        ...c,
        idCard: idCard ?? idNumber(id17 ?? ''),
        agencyName: set.agencyName,
        createdAt: created,
      })),
    )
    .execute();
};
