import type { DB } from '~/server/db/database';
import { HOUR, DAY } from '~/lib/time/cst';
import { newId } from '~/server/ids';
import { DEMO_TENANT, SECOND_TENANT } from './demo-data';
import { LEAD_STATE } from '~/lib/staff/leads';
import { STAFF_ROLE } from '~/lib/staff/roles';
import { DEMO_STAFF } from './staff';
import type { FeatureSeeder } from './seeder';

/**
 * Leads and platform demo rows: customer service (the floating tools panel), coupons, the
 * enrolment contact and a role pack. No MapKey parameter: findParamMapByKey answers null until an
 * operator sets one. The QR images in public/images/leads/ were made with the qrcode package
 * (QRCode.toString(url, { type: 'svg', margin: 2 })).
 *
 * The second tenant has a customer service without phone or QR code, so its panel shows '无' and
 * '暂无客服微信'.
 */

export interface LeadsSeed {
  customerServices: { name: string; mobile: string | null; wechatQrCode: string | null; state: number }[];
  /** Days relative to the moment of seeding; amounts in yuan. */
  coupons: { title: string; amount: number; minPoint: number; startDays: number; endDays: number; createdDays: number; state: number }[];
  enrollContact: { mobile: string | null; url: string | null; contactMobile: string | null } | null;
  rolePack: { name: string; roles: { code: string; name: string }[] };
}

export const LEADS_SEED: Record<string, LeadsSeed> = {
  [DEMO_TENANT.id]: {
    customerServices: [
      { name: '招生咨询 王老师', mobile: '400-025-8899', wechatQrCode: '/images/leads/demo-wechat-qr.svg', state: 1 },
      { name: '考试服务 李老师', mobile: '025-86658800', wechatQrCode: null, state: 1 },
      { name: '原招生热线（已停用）', mobile: '025-86650000', wechatQrCode: null, state: 0 },
    ],
    coupons: [
      { title: '新学员报名立减券', amount: 200, minPoint: 1000, startDays: -10, endDays: 60, createdDays: -10, state: 1 },
      { title: '职业技能等级考试补贴券', amount: 100, minPoint: 500, startDays: -5, endDays: 30, createdDays: -5, state: 1 },
      { title: '老学员续报专享券', amount: 50, minPoint: 0, startDays: -1, endDays: 90, createdDays: -1, state: 1 },
      { title: '暑期集训早鸟券', amount: 300, minPoint: 2000, startDays: -120, endDays: -30, createdDays: -120, state: 2 },
    ],
    enrollContact: { mobile: '13951708866', url: '/images/leads/demo-enroll-contact-qr.svg', contactMobile: '025-86658899' },
    rolePack: {
      name: '职业培训机构标准角色包',
      roles: [
        { code: 'STUDENT', name: '学员' },
        { code: 'TEACHER', name: '讲师' },
        { code: 'ENROLL_ADVISER', name: '招生顾问' },
        { code: 'SCHOOL_ADMIN', name: '机构管理员' },
      ],
    },
  },
  [SECOND_TENANT.id]: {
    customerServices: [{ name: '在线客服', mobile: null, wechatQrCode: null, state: 1 }],
    coupons: [{ title: '华夏云校新人券', amount: 30, minPoint: 199, startDays: -3, endDays: 27, createdDays: -3, state: 1 }],
    enrollContact: { mobile: '13800002222', url: null, contactMobile: null },
    rolePack: {
      name: '数字云校基础角色包',
      roles: [
        { code: 'STUDENT', name: '学员' },
        { code: 'TEACHER', name: '讲师' },
      ],
    },
  },
};

/**
 * Consult leads of the demo school for its staff's 咨询线索 screen: new ones, one about the school's
 * first training product, one already handled by the demo content editor. Hours before seeding.
 */
export const DEMO_LEADS: {
  name: string;
  mobile: string;
  content: string;
  hoursAgo: number;
  aboutProduct?: boolean;
  handled?: { note: string; hoursAgo: number };
}[] = [
  { name: '张晓明', mobile: '13951001234', content: '想了解电工职业技能等级证书的报名条件和学费，周末可以上课吗？', hoursAgo: 3, aboutProduct: true },
  { name: '李婷', mobile: '13770045678', content: '请问保育员培训下一期什么时候开班？', hoursAgo: 26 },
  {
    name: '王建国',
    mobile: '18905159876',
    content: '单位有20人想报名安全员培训，能否上门授课？',
    hoursAgo: 75,
    handled: { note: '已电话联系，约好周三到单位面谈', hoursAgo: 50 },
  },
];

export const seedLeads: FeatureSeeder = async (db: DB, tenant, now) => {
  const set = LEADS_SEED[tenant.id];
  if (!set) return;

  if (tenant.id === DEMO_TENANT.id) {
    const product = await db.selectFrom('products').select('id').where('tenantId', '=', tenant.id).where('state', '=', 1).orderBy('seq').executeTakeFirst();
    // The demo content editor (seeded after this feature: only her id and name are written here).
    const editor = DEMO_STAFF[tenant.id]?.find((a) => a.role === STAFF_ROLE.editor);
    await db
      .insertInto('clues')
      .values(
        DEMO_LEADS.map((l) => ({
          id: newId(now - l.hoursAgo * HOUR),
          tenantId: tenant.id,
          clueId: null,
          name: l.name,
          mobile: l.mobile,
          content: l.content,
          ip: '0.0.0.0',
          createdAt: now - l.hoursAgo * HOUR,
          productId: l.aboutProduct ? (product?.id ?? null) : null,
          state: l.handled ? LEAD_STATE.handled : LEAD_STATE.new,
          handledAt: l.handled ? now - l.handled.hoursAgo * HOUR : null,
          handledById: l.handled ? (editor?.id ?? null) : null,
          handledByName: l.handled ? (editor?.name ?? '内容编辑') : null,
          handledNote: l.handled?.note ?? null,
        })),
      )
      .execute();
  }

  await db
    .insertInto('customerServices')
    .values(
      set.customerServices.map((cs, i) => ({
        id: newId(now),
        tenantId: tenant.id,
        name: cs.name,
        mobile: cs.mobile,
        wechatQrCode: cs.wechatQrCode,
        seq: i + 1,
        state: cs.state,
        createdAt: now - 200 * DAY,
      })),
    )
    .execute();

  await db
    .insertInto('coupons')
    .values(
      set.coupons.map((c) => ({
        id: newId(now + c.createdDays * DAY),
        tenantId: tenant.id,
        title: c.title,
        amountCents: Math.round(c.amount * 100),
        minPointCents: Math.round(c.minPoint * 100),
        useStartTime: now + c.startDays * DAY,
        useEndTime: now + c.endDays * DAY,
        state: c.state,
        createdAt: now + c.createdDays * DAY,
      })),
    )
    .execute();

  if (set.enrollContact) {
    await db
      .insertInto('enrollContacts')
      .values({ id: newId(now), tenantId: tenant.id, ...set.enrollContact, createdAt: now - 100 * DAY })
      .execute();
  }

  await db
    .insertInto('rolePacks')
    .values({ id: newId(now), tenantId: tenant.id, name: set.rolePack.name, roles: JSON.stringify(set.rolePack.roles), createdAt: now - 300 * DAY })
    .execute();
};
