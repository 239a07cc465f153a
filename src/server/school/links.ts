import type { Config } from '../config';
import { LEARNER_HOME_PATH } from '~/lib/navigation';

/**
 * Where the public pages' entries lead (decision 058). The portal's own pages are the defaults: the
 * learner area for 个人中心 and for 考试登录 and the home's 考试 tile (a visitor signs in first; a
 * student's tests are in their classes there), the staff sign-in for the partner edition's 机构登录.
 * The operator may send those to its own exam and institution systems (EXAM_LOGIN_URL,
 * ADMIN_LOGIN_URL). A school's app download page and promotion-partner login are its own settings,
 * else the operator's (APP_DOWNLOAD_URL, PROMOTION_LOGIN_URL, with ?schoolId= so one app or partner
 * site serves every school), else they are not offered at all: no entry is shown and their pages
 * answer "not found".
 */

/** The school's staff sign-in. */
export const STAFF_SIGN_IN_PATH = '/admin/login';

type LinkConfig = Pick<Config, 'PARTNER_EDITION'> & Partial<Pick<Config, 'EXAM_LOGIN_URL' | 'ADMIN_LOGIN_URL' | 'APP_DOWNLOAD_URL' | 'PROMOTION_LOGIN_URL'>>;

/** A school's own links (its settings; null: not set). */
export interface SchoolLinkSettings {
  appDownloadUrl: string | null;
  promotionLoginUrl: string | null;
}

/** An entry's address, and whether it leaves the portal (then it opens in a new window). */
export interface EntryLink {
  href: string;
  external: boolean;
}

export interface PortalLinks {
  /** 个人中心 of a signed-in student. */
  personalCenter: string;
  /** 考试登录 and the home's 考试 tile; null: not shown (the partner edition's 培训登录 already opens the learner area). */
  exam: EntryLink | null;
  /** The partner edition's 机构登录. */
  institutionLogin: EntryLink;
  /** The app download address (its QR code, the header's APP下载); null: the school offers no app. */
  appDownload: string | null;
  /** The promotion-partner login (the footer's 推广合伙人登录); null: the school has none. */
  promotionLogin: string | null;
}

function withSchoolId(base: string, schoolId: string): string {
  const url = new URL(base);
  url.searchParams.set('schoolId', schoolId);
  return url.toString();
}

const own = (href: string): EntryLink => ({ href, external: false });
const away = (href: string): EntryLink => ({ href, external: true });

/** The school's own address, else the operator's with ?schoolId=<tenant id>, else null. */
function schoolOrOperator(school: string | null, operator: string | undefined, schoolId: string): string | null {
  if (school) return school;
  return operator ? withSchoolId(operator, schoolId) : null;
}

export function portalLinks(config: LinkConfig, school: SchoolLinkSettings, schoolId: string): PortalLinks {
  return {
    personalCenter: LEARNER_HOME_PATH,
    exam: config.EXAM_LOGIN_URL ? away(config.EXAM_LOGIN_URL) : config.PARTNER_EDITION ? null : own(LEARNER_HOME_PATH),
    institutionLogin: config.ADMIN_LOGIN_URL ? away(config.ADMIN_LOGIN_URL) : own(STAFF_SIGN_IN_PATH),
    appDownload: schoolOrOperator(school.appDownloadUrl, config.APP_DOWNLOAD_URL, schoolId),
    promotionLogin: schoolOrOperator(school.promotionLoginUrl, config.PROMOTION_LOGIN_URL, schoolId),
  };
}

/**
 * The organisation address of /org-qrcode: the school's home page on the address the page was
 * asked at (its origin), with ?schoolId=<tenant id>, which names the school on any of its hosts.
 */
export function organizationUrl(origin: string, schoolId: string): string {
  return withSchoolId(`${origin}/`, schoolId);
}

/** An AMap marker link (opens the maps site; no key needed): https://uri.amap.com/marker?position=lng,lat&name=… */
export function amapMarkerUrl(longitude: number | null | undefined, latitude: number | null | undefined, name: string): string | null {
  if (typeof longitude !== 'number' || typeof latitude !== 'number' || !Number.isFinite(longitude) || !Number.isFinite(latitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return `https://uri.amap.com/marker?position=${longitude},${latitude}&name=${encodeURIComponent(name)}`;
}

/** An AMap search link by address (opens the maps site; no key needed): https://uri.amap.com/search?keyword=… */
export function amapSearchUrl(keyword: string): string | null {
  const text = keyword.trim();
  return text ? `https://uri.amap.com/search?keyword=${encodeURIComponent(text)}` : null;
}

/**
 * The "open in map" link of a place: a marker at its coordinates when it has valid ones, else a
 * search by its address, else null. Neither needs a map key.
 */
export function placeMapUrl(place: {
  name: string;
  address: string | null | undefined;
  longitude?: number | null | undefined;
  latitude?: number | null | undefined;
}): string | null {
  return amapMarkerUrl(place.longitude, place.latitude, place.name) ?? amapSearchUrl(place.address ?? '');
}
