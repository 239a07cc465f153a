import { post } from '../contract';
import type { Page, PageRequest } from '../../paging';
import type { ConsultForm } from '../../rules/consult';

/** Consult leads, customer service, coupons and enrolment contacts of a school. */

export interface CustomerServiceVO {
  id: string;
  name: string;
  mobile: string | null;
  /** Image URL of the WeChat QR code, or null. */
  wechatQrCode: string | null;
}

export type CouponSort = 'createdTime' | 'amount' | 'useEndTime';

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

export interface EnrollContactVO {
  id: string;
  mobile: string | null;
  /** Image URL of the adviser's QR code. */
  url: string | null;
  contactMobile: string | null;
  tenantId: string;
}

/** The consult form with its SMS code (VISITOR_MSG_VERIFY); clueId: the user id or the visitor id. */
/**
 * productId: the training product the consult was opened from (its detail page's 咨询报名); kept
 * when the product is on sale in the school, so staff can filter leads by it.
 */
export type ClueRequest = ConsultForm & { clueId?: string | number | null; productId?: string };

/** Answered with the message 提交成功. */
export const saveClue = post<ClueRequest, { id: string }>('/universityAdvertise/anyUser/clue/saveClue');
export const customerServicePage = post<PageRequest<Record<string, never>, 'seq'>, Page<CustomerServiceVO>>(
  '/universityAdvertise/anyUser/customerService/page',
);
/** model.state: 1 receivable (default; a coupon whose use period is over is no longer listed), 2 ended. */
export const receivableCoupons = post<PageRequest<{ state?: number }, CouponSort>, Page<CouponVO>>('/enroll/anyBiz/coupon/list/receivablePage');
/** model.tenantId names the school; without it the request's school. */
export const enrollContactPage = post<PageRequest<{ tenantId?: string }, 'createdTime'>, Page<EnrollContactVO>>(
  '/universityAdvertise/anyUser/enrollContact/page',
);
