import * as cat from '~/lib/api/contracts/admin-catalog';
import { PUBLICATION } from '~/lib/status';
import type { TestServer } from './server';

/** Inputs of the staff catalogue calls with sensible defaults, and the ids tests need. */

let n = 0;
const next = () => {
  n += 1;
  return `${process.pid % 1000}-${n}`;
};

export function productInput(patch: Partial<cat.ProductInput> = {}): cat.ProductInput {
  return {
    name: `测试项目${next()}`,
    pic: null,
    picTag: '热门',
    periodTypes: [3, 1],
    certificationOrg: '人社部',
    issuingAuthorityName: '职业技能鉴定中心',
    certificateTypeDesc: '职业技能等级证书',
    certificateVerificationType: 1,
    certificateBenefits: '可用于上岗',
    detail: '<p>课程<strong>详情</strong></p>',
    schoolName: null,
    trainingInstitutionsName: null,
    defStandPrice: '1200',
    defCouponPrice: '980起',
    subsidyPrice: null,
    categoryIds: [],
    majorIds: [],
    seq: 5,
    state: cat.CATALOG_STATE.DRAFT,
    ...patch,
  };
}

export function categoryInput(patch: Partial<cat.ProductCategoryInput> = {}): cat.ProductCategoryInput {
  return { name: `测试分类${next()}`, seq: 50, state: cat.CATALOG_STATE.PUBLISHED, ...patch };
}

export function questionInput(majorId: string, patch: Partial<cat.QuestionInput> = {}): cat.QuestionInput {
  return { majorId, name: `测试问题${next()}`, answer: '<p>回答</p>', seq: 1, state: cat.CATALOG_STATE.DRAFT, ...patch };
}

export function bannerInput(patch: Partial<cat.BannerInput> = {}): cat.BannerInput {
  return { name: `测试横幅${next()}`, pic: '/files/x/202611/banner.png', url: '/news', seq: 0, state: cat.CATALOG_STATE.DRAFT, ...patch };
}

export function couponInput(now: number, patch: Partial<cat.CouponInput> = {}): cat.CouponInput {
  return {
    title: `测试优惠券${next()}`,
    amount: 50,
    minPoint: 200,
    useStartTime: now - 86_400_000,
    useEndTime: now + 30 * 86_400_000,
    state: cat.CATALOG_STATE.DRAFT,
    ...patch,
  };
}

/** A published hot major of the school (the seed gives each demo school some). */
export async function publishedMajorId(server: TestServer, tenantId: string): Promise<string> {
  const row = await server.runtime.db
    .selectFrom('hotMajors')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('state', '=', PUBLICATION.PUBLISHED)
    .orderBy('seq')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function hotMajorInput(patch: Partial<cat.HotMajorInput> = {}): cat.HotMajorInput {
  return {
    name: `测试专业${next()}`,
    pic: null,
    industrySalary: 6500,
    employmentProspectDescribe: '需求大',
    suitabilityPeopleDescribe: '在职人员',
    relatedCertificate: [{ name: '职业技能等级证书', url: '' }],
    seq: 50,
    state: cat.CATALOG_STATE.DRAFT,
    ...patch,
  };
}

/** The first album tab of the school (the seed gives each demo school its tabs). */
export async function firstTabKey(server: TestServer, tenantId: string): Promise<string> {
  const row = await server.runtime.db
    .selectFrom('materialCategoryTabs')
    .select('tabKey')
    .where('tenantId', '=', tenantId)
    .orderBy('seq')
    .executeTakeFirstOrThrow();
  return row.tabKey;
}

export async function albumCategoryInput(server: TestServer, tenantId: string, patch: Partial<cat.AlbumCategoryInput> = {}): Promise<cat.AlbumCategoryInput> {
  return {
    categoryName: `测试相册${next()}`,
    categoryTabKey: await firstTabKey(server, tenantId),
    clientType: '',
    seq: 0,
    state: cat.CATALOG_STATE.PUBLISHED,
    ...patch,
  };
}

export function materialInput(categoryId: string, patch: Partial<cat.MaterialInput> = {}): cat.MaterialInput {
  return {
    categoryId,
    name: `测试素材${next()}`,
    type: 'PIC',
    pic: '/files/x/202611/photo.png',
    video: null,
    introduce: '校园一角',
    seq: 0,
    state: cat.CATALOG_STATE.DRAFT,
    ...patch,
  };
}
