import { t } from '~/server/i18n';
import type { PublicConfig } from '~/lib/config';
import type { SchoolInfo } from '~/lib/api/contracts/tenant';
import type { CustomerServiceVO } from '~/lib/api/contracts/leads';
import { getSchoolPage, type SchoolBranding } from '../tenant/tenant.service';
import { portalLinks, type PortalLinks } from '../school/links';
import { firstCustomerService } from '../leads/leads.service';
import type { Tenant } from '../tenant/tenant.table';
import { findNews, findNotice, pageCategories, pageHotMajors, pageNews, pageNotices } from '../content/content.service';
import type { NewsDetail, NewsSummary, NoticeDetail, NoticeSummary } from '~/lib/api/contracts/content';
import type { Page } from '~/lib/paging';
import { ASIDE_SIZES, type Asides } from './asides';
import { NEWS_LIST_PAGE_SIZE, newsFirstPageKey, newsItemKey } from './news-list';
import { NOTICE_LIST_PAGE_SIZE, noticeItemKey } from './notice-pages';

export interface LayoutData {
  tenant: Tenant;
  school: SchoolInfo;
  branding: SchoolBranding;
  /** The floating tools' phone and WeChat QR code: the school's first customer service, if any. */
  customerService: CustomerServiceVO | null;
  partner: boolean;
  partnerName: string;
  partnerSlug: string;
  /** Where the header's, footer's and home's entries lead (src/server/school/links.ts). */
  links: PortalLinks;
  publicConfig: PublicConfig;
}

/**
 * What every main-layout page needs: the school, the partner switch and the public config, read
 * through the page's scope (the school and its customer service kept a few seconds per school).
 */
export async function getLayoutData(locals: Pick<App.Locals, 'scope'>): Promise<LayoutData> {
  const s = locals.scope;
  const { config, lookups } = s;
  const tenant = await s.tenant();
  const [{ info: school, branding }, customerService] = await Promise.all([
    lookups.schools.get(tenant.id, () => getSchoolPage(s)),
    lookups.customerServices.get(tenant.id, () => firstCustomerService(s)),
  ]);
  const loginPath = config.PARTNER_EDITION ? `/${config.PARTNER_SLUG}-login` : '/login';
  return {
    tenant,
    school,
    branding,
    customerService,
    partner: config.PARTNER_EDITION,
    partnerName: config.PARTNER_NAME,
    partnerSlug: config.PARTNER_SLUG,
    links: portalLinks(config, branding, tenant.id),
    publicConfig: {
      apiBase: config.PUBLIC_API_BASE,
      tenantId: tenant.id,
      partner: config.PARTNER_EDITION,
      partnerSlug: config.PARTNER_SLUG,
      loginPath,
      smsSignKey: config.SMS_SIGN_ACCESS_KEY,
    },
  };
}

/** The school's side columns, read once per look-up (concurrent first requests share one read). */
export async function getAsides(locals: Pick<App.Locals, 'scope'>): Promise<Asides> {
  const s = locals.scope;
  const tenant = await s.tenant();
  return s.lookups.asides.get(tenant.id, async () => {
    const [categories, hotMajors, notices] = await Promise.all([
      pageCategories(s, { current: 1, size: ASIDE_SIZES.categories, order: 'asc', countTotal: false }),
      pageHotMajors(s, { current: 1, size: ASIDE_SIZES.hotMajors, order: 'asc', countTotal: false }),
      pageNotices(s, { current: 1, size: ASIDE_SIZES.notices, order: 'desc', countTotal: false }),
    ]);
    return { categories: categories.records, hotMajors: hotMajors.records, notices: notices.records };
  });
}

/**
 * A page of the school's news list, newest first, and whether it is kept: the first page of every category or none
 * through the look-up (src/server/pages/news-list.ts newsFirstPageKey; concurrent first requests share one read), any
 * other read for its request alone.
 */
export async function getNewsListPage(
  locals: Pick<App.Locals, 'scope'>,
  asides: Asides,
  q: { categorizeId: string | undefined; current: number },
): Promise<{ news: Page<NewsSummary>; kept: boolean }> {
  const s = locals.scope;
  const keptAs = newsFirstPageKey((await s.tenant()).id, asides, q.categorizeId, q.current);
  const read = () => pageNews(s, { current: q.current, size: NEWS_LIST_PAGE_SIZE, order: 'desc', categorizeId: q.categorizeId });
  return { news: await (keptAs === null ? read() : s.lookups.newsLists.get(keptAs, read)), kept: keptAs !== null };
}

/**
 * A published news item of the school as its page shows it, through the look-up (src/server/pages/news-list.ts;
 * concurrent first requests share one read); null for an id of no published item of the school, which is not kept.
 */
export async function getNewsItem(locals: Pick<App.Locals, 'scope'>, id: string): Promise<NewsDetail | null> {
  const s = locals.scope;
  return s.lookups.newsItems.get(newsItemKey((await s.tenant()).id, id), () => findNews(s, id));
}

/**
 * A page of the school's notice list, newest first, and whether it is kept: the first page through the look-up
 * (src/server/pages/notice-pages.ts; concurrent first requests share one read), any other read for its request alone.
 */
export async function getNoticeListPage(locals: Pick<App.Locals, 'scope'>, current: number): Promise<{ notices: Page<NoticeSummary>; kept: boolean }> {
  const s = locals.scope;
  const read = () => pageNotices(s, { current, size: NOTICE_LIST_PAGE_SIZE, order: 'desc' });
  if (current !== 1) return { notices: await read(), kept: false };
  return { notices: await s.lookups.noticeLists.get((await s.tenant()).id, read), kept: true };
}

/** A published notice of the school as its page shows it, through the look-up; null for an id of none, not kept. */
export async function getNoticeItem(locals: Pick<App.Locals, 'scope'>, id: string): Promise<NoticeDetail | null> {
  const s = locals.scope;
  return s.lookups.noticeItems.get(noticeItemKey((await s.tenant()).id, id), () => findNotice(s, id));
}

export type TitleKind = 'default' | 'mobileQuery';

/** Page title rules: partner name; university name on mobile query pages; else project + university. */
export function pageTitle(
  data: Pick<LayoutData, 'partner' | 'partnerName'> & { school: Pick<SchoolInfo, 'projectName' | 'universityName'> | null },
  kind: TitleKind = 'default',
): string {
  if (data.partner) return data.partnerName || t('app.defaultTitle');
  const s = data.school;
  if (!s) return t('app.defaultTitle');
  if (kind === 'mobileQuery') return s.universityName || t('app.defaultTitle');
  const title = [s.projectName, s.universityName].filter(Boolean).join(' - ');
  return title || t('app.defaultTitle');
}
