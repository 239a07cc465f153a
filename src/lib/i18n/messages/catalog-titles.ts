/**
 * The catalogue's resources by name, written once: the title of a resource's screen
 * ('catalog.title.<screen>') and how the audit log names a row of it ('admin.audit.target.<target>').
 */
const CATALOG_TITLES = {
  products: { target: 'product', title: '培训项目' },
  categories: { target: 'productCategory', title: '项目分类' },
  questions: { target: 'question', title: '常见问题' },
  majors: { target: 'hotMajor', title: '热门专业' },
  banners: { target: 'banner', title: '首页横幅' },
  coupons: { target: 'coupon', title: '优惠券' },
  albumCategories: { target: 'albumCategory', title: '相册分类' },
  materials: { target: 'material', title: '相册素材' },
} as const;

type Titles = typeof CATALOG_TITLES;
type Screen = keyof Titles;
/** A catalogue screen's name: its title is 'catalog.title.<name>'. */
export type CatalogScreenName = Screen;

/** 'catalog.title.<screen>': the screens' titles. */
export const catalogScreenTitles = Object.fromEntries(Object.entries(CATALOG_TITLES).map(([screen, r]) => [`catalog.title.${screen}`, r.title])) as {
  [S in Screen as `catalog.title.${S}`]: Titles[S]['title'];
};

/** 'admin.audit.target.<target>': the audit log's names of the catalogue's targets. */
export const catalogTargetLabels = Object.fromEntries(Object.values(CATALOG_TITLES).map((r) => [`admin.audit.target.${r.target}`, r.title])) as {
  [S in Screen as `admin.audit.target.${Titles[S]['target']}`]: Titles[S]['title'];
};
