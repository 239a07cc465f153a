import type { Banner } from '~/lib/api/contracts/media';
import { DAY } from '~/lib/time/cst';
import { pageNews, pageRecent } from '../content/content.service';
import { listBanners } from '../media/media.service';
import { pageReceivableCoupons } from '../leads/leads.service';
import { homeTrainingProjects } from '../products/products.service';
import { HOME_SECTIONS_KEPT_MS, HOME_SIZES, TICKER_DAYS, type HomeSections } from './home-sections';

/**
 * The school's home sections, read once per look-up (concurrent first requests share one read). A request whose clock
 * is further than HOME_SECTIONS_KEPT_MS from the kept sections' reads its own, kept by no one: the ticker's window
 * and the coupons' days follow the request's clock, whatever clock the look-up last read at.
 */
export async function getHomeSections(locals: Pick<App.Locals, 'scope'>): Promise<HomeSections> {
  const s = locals.scope;
  const tenant = await s.tenant();
  const kept = await s.lookups.homes.get(tenant.id, () => readHomeSections(locals));
  return Math.abs(s.now - kept.at) > HOME_SECTIONS_KEPT_MS ? readHomeSections(locals) : kept;
}

async function readHomeSections(locals: Pick<App.Locals, 'scope'>): Promise<HomeSections> {
  const s = locals.scope;
  const at = s.now;
  const [recent, news, banners, coupons, projects] = await Promise.all([
    pageRecent(s, at - TICKER_DAYS * DAY, at, { current: 1, size: HOME_SIZES.ticker, order: 'desc', countTotal: false }),
    pageNews(s, { current: 1, size: HOME_SIZES.news, order: 'desc', countTotal: false }),
    listBanners(s),
    pageReceivableCoupons(s, { current: 1, size: HOME_SIZES.coupons, order: 'desc', sort: 'createdTime', countTotal: false }),
    homeTrainingProjects(s, { categoryId: undefined, current: 1 }),
  ]);
  return {
    at,
    recent: recent.records,
    news: news.records,
    slides: banners.filter((b): b is Banner & { pic: string } => !!b.pic),
    coupons: coupons.records,
    projects,
  };
}
