import { AppError } from '../errors';
import { windowOf } from '../db/paging';
import type { Scope } from '../http/scope';
import { newId } from '../ids';
import { safeMediaUrl } from '../sanitize';
import { verifySmsCode } from '../sms/sms.service';
import { t } from '~/server/i18n';
import { mapPage, pageOf, type Page, type PageQuery } from '~/lib/paging';
import { formatDateTime, HOUR } from '~/lib/time/cst';
import { plainText } from '~/lib/plain-text';
import { isBlank } from '~/lib/rules/rule';
import type { ConsultForm } from '~/lib/rules/consult';
import type { CouponSort, CouponVO, CustomerServiceVO, EnrollContactVO } from '~/lib/api/contracts/leads';
import { findProduct } from '../products/products.service';
import * as repo from './leads.repository';
import { CouponState } from './leads.table';

/** Consult leads, customer service, coupons and enrolment contacts, per school. */

/** Leads one IP address may leave in an hour (each also needs a fresh SMS code). */
export const CLUE_IP_HOURLY_LIMIT = 10;

/**
 * Stores a consult lead for the request's school once its VISITOR_MSG_VERIFY code checks out
 * (the code is used up). clueId: the user id or the visitor id of who left the message; productId:
 * the training product the form was opened from, if any.
 */
export async function saveClue(s: Scope, clueId: string | null, form: ConsultForm, productId: string | null = null): Promise<{ id: string }> {
  const tenant = await s.tenant();
  // The message is read by the school's staff: no characters that reorder or hide text.
  const content = plainText(form.content).trim();
  if (isBlank(content)) throw AppError.badRequest(t('consult.contentRequired'));
  if ((await repo.countIpClues(s.db, s.ip, s.now - HOUR)) >= CLUE_IP_HOURLY_LIMIT) throw AppError.tooMany(t('consult.tooMany'));
  await verifySmsCode(s, { tenantId: tenant.id, mobile: form.mobile, templateCode: 'VISITOR_MSG_VERIFY', code: form.code });
  // A product that is not (or no longer) on sale in this school is not kept: the lead still is.
  const product = productId ? await findProduct(s, productId) : null;
  const id = newId(s.now);
  await repo.insertClue(s.db, tenant.id, {
    id,
    clueId,
    name: form.name,
    mobile: form.mobile,
    content,
    ip: s.ip,
    createdAt: s.now,
    productId: product ? product.id : null,
  });
  return { id };
}

export async function pageCustomerServices(s: Scope, q: PageQuery): Promise<Page<CustomerServiceVO>> {
  const tenant = await s.tenant();
  const { rows, total } = await repo.pageCustomerServices(s.db, tenant.id, windowOf(q));
  return mapPage(pageOf(rows, total, q.current, q.size), (r) => ({
    id: r.id,
    name: r.name,
    mobile: r.mobile?.trim() || null,
    wechatQrCode: safeMediaUrl(r.wechatQrCode),
  }));
}

/** The floating tools panel's entry: the first customer service of the school, or null. */
export async function firstCustomerService(s: Scope): Promise<CustomerServiceVO | null> {
  const page = await pageCustomerServices(s, { current: 1, size: 1, order: 'asc', countTotal: false });
  return page.records[0] ?? null;
}

/** Coupons of one state (receivable by default), at the request's clock. */
export async function pageReceivableCoupons(s: Scope, q: PageQuery & { state?: number | undefined; sort: CouponSort }): Promise<Page<CouponVO>> {
  const tenant = await s.tenant();
  const { rows, total } = await repo.pageCoupons(s.db, tenant.id, {
    ...windowOf(q),
    state: q.state ?? CouponState.RECEIVABLE,
    sort: q.sort,
    now: s.now,
  });
  return mapPage(pageOf(rows, total, q.current, q.size), (r) => ({
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
}

/** The enrolment contacts of the named school (else the request's). */
export async function pageEnrollContacts(s: Scope, q: PageQuery, tenantId?: string): Promise<Page<EnrollContactVO>> {
  const tenant = await s.tenant(tenantId);
  const { rows, total } = await repo.pageEnrollContacts(s.db, tenant.id, windowOf(q));
  return mapPage(pageOf(rows, total, q.current, q.size), (r) => ({ ...r, url: safeMediaUrl(r.url) }));
}
