import type { DB } from '../db/database';
import { AppError } from '../errors';
import { newId } from '../ids';
import { safeMediaUrl } from '../content/sanitize';
import { verifySmsCode } from '../sms/sms.service';
import { ErrorCode } from '~/lib/envelope';
import { pageOf, type Page } from '~/lib/paging';
import { formatDateTime } from '~/lib/format';
import { t } from '~/lib/i18n';
import type { ConsultForm } from '~/lib/rules/consult';
import * as repo from './leads.repository';

/** Consult leads, customer service, coupons and enrolment contacts, per tenant. */

const HOUR = 3_600_000;
/** Leads one IP address may leave in an hour (each also needs a fresh SMS code). */
export const CLUE_IP_HOURLY_LIMIT = 10;

export interface Paging {
  current: number;
  size: number;
  order: 'asc' | 'desc';
}

const windowOf = (p: Paging) => ({ offset: (p.current - 1) * p.size, limit: p.size, order: p.order });

export interface SaveClueArgs {
  tenantId: string;
  /** The user id or the visitor id of who left the message. */
  clueId: string | null;
  form: ConsultForm;
  ip: string;
  now: number;
}

/** Stores a consult lead once its VISITOR_MSG_VERIFY code checks out (the code is used up). */
export async function saveClue(deps: { db: DB; secret: string }, a: SaveClueArgs): Promise<{ id: string }> {
  const { db } = deps;
  if ((await repo.countIpClues(db, a.ip, a.now - HOUR)) >= CLUE_IP_HOURLY_LIMIT) {
    throw new AppError(ErrorCode.TOO_MANY_REQUESTS, t('consult.tooMany'));
  }
  await verifySmsCode(db, {
    tenantId: a.tenantId,
    mobile: a.form.mobile,
    templateCode: 'VISITOR_MSG_VERIFY',
    code: a.form.code,
    now: a.now,
    secret: deps.secret,
  });
  const id = newId(a.now);
  await repo.insertClue(db, a.tenantId, {
    id,
    clueId: a.clueId,
    name: a.form.name,
    mobile: a.form.mobile,
    content: a.form.content,
    ip: a.ip,
    createdAt: a.now,
  });
  return { id };
}

export interface CustomerServiceVO {
  id: string;
  name: string;
  mobile: string | null;
  /** Image URL of the WeChat QR code, or null. */
  wechatQrCode: string | null;
}

export async function pageCustomerServices(db: DB, tenantId: string, p: Paging): Promise<Page<CustomerServiceVO>> {
  const { rows, total } = await repo.pageCustomerServices(db, tenantId, windowOf(p));
  const records = rows.map((r) => ({ id: r.id, name: r.name, mobile: r.mobile?.trim() || null, wechatQrCode: safeMediaUrl(r.wechatQrCode) }));
  return pageOf(records, total, p.current, p.size);
}

/** The floating tools panel's entry: the first customer service of the school, or null. */
export async function firstCustomerService(db: DB, tenantId: string): Promise<CustomerServiceVO | null> {
  const page = await pageCustomerServices(db, tenantId, { current: 1, size: 1, order: 'asc' });
  return page.records[0] ?? null;
}

export interface CouponVO {
  id: string;
  title: string;
  /** Yuan. */
  amount: number;
  /** Minimum order in yuan for the coupon to apply (0: no minimum). */
  minPoint: number;
  useStartTime: string;
  useEndTime: string;
  useStartTimestamp: number;
  useEndTimestamp: number;
  state: number;
}

export async function pageReceivableCoupons(
  db: DB,
  tenantId: string,
  p: Paging & { state: number; sort: repo.CouponFilter['sort']; now: number },
): Promise<Page<CouponVO>> {
  const { rows, total } = await repo.pageCoupons(db, tenantId, { ...windowOf(p), state: p.state, sort: p.sort, now: p.now });
  const records = rows.map((r) => ({
    id: r.id,
    title: r.title,
    amount: r.amountCents / 100,
    minPoint: r.minPointCents / 100,
    useStartTime: formatDateTime(r.useStartTime),
    useEndTime: formatDateTime(r.useEndTime),
    useStartTimestamp: r.useStartTime,
    useEndTimestamp: r.useEndTime,
    state: r.state,
  }));
  return pageOf(records, total, p.current, p.size);
}

export interface EnrollContactVO {
  id: string;
  mobile: string | null;
  url: string | null;
  contactMobile: string | null;
  tenantId: string;
}

export async function pageEnrollContacts(db: DB, tenantId: string, p: Paging): Promise<Page<EnrollContactVO>> {
  const { rows, total } = await repo.pageEnrollContacts(db, tenantId, windowOf(p));
  const records = rows.map((r) => ({ ...r, url: safeMediaUrl(r.url) }));
  return pageOf(records, total, p.current, p.size);
}
