import type { Generated, Selectable } from 'kysely';
import type { LeadState } from '~/lib/staff/leads';
import type { SchedulableColumns } from '~/lib/staff/catalog-schedule';

/** A consult lead (留言咨询). clueId is the user id or the visitor id of who left it. */
export interface ClueTable {
  id: string;
  tenantId: string;
  clueId: string | null;
  name: string;
  mobile: string;
  content: string;
  ip: string;
  createdAt: number;
  /** LEAD_STATE: new until staff mark it handled (migration 20261125T1610_leads_staff) or convert it. */
  state: Generated<LeadState>;
  /** Who marked it handled and when; null while it is new. */
  handledAt: number | null;
  handledById: string | null;
  handledByName: string | null;
  /** The last note written; kept when the lead is re-opened. */
  handledNote: string | null;
  /** The training product it was left about; null from the floating panel. */
  productId: string | null;
  /** Whom the lead became and in which class once converted (migration 20261130T0810_lead_conversion); null before. */
  convertedUserId: string | null;
  convertedClassId: string | null;
}

export type Clue = Selectable<ClueTable>;

export interface CustomerServiceTable {
  id: string;
  tenantId: string;
  name: string;
  mobile: string | null;
  /** Image URL of the WeChat QR code. */
  wechatQrCode: string | null;
  seq: number;
  /** 1 shown; 0 hidden. */
  state: number;
  createdAt: number;
}

/** DRAFT: saved by staff, not shown (the public list accepts only states 1 and 2). */
export const CouponState = { DRAFT: 0, RECEIVABLE: 1, ENDED: 2 } as const;

export interface CouponTable extends SchedulableColumns {
  id: string;
  tenantId: string;
  title: string;
  /** Money in fen (1/100 yuan). */
  amountCents: number;
  minPointCents: number;
  useStartTime: number;
  useEndTime: number;
  state: number;
  createdAt: number;
}

export interface EnrollContactTable {
  id: string;
  tenantId: string;
  mobile: string | null;
  /** Image URL of the adviser's QR code. */
  url: string | null;
  contactMobile: string | null;
  createdAt: number;
}
