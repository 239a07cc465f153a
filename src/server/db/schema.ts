import type { SchoolDomainTable, SchoolTable, ServicePointTable, TenantTable } from '../tenant/tenant.table';
import type {
  HotMajorTable,
  NewsCategoryLinkTable,
  NewsCategoryTable,
  NewsTable,
  NoticeTable,
} from '../content/content.table';
import type { UserTable, UserTenantTable, UserTokenTable } from '../identity/identity.table';

/** The database as Kysely sees it (camelCase; CamelCasePlugin maps to snake_case columns). */
export interface Database {
  tenants: TenantTable;
  schools: SchoolTable;
  schoolDomains: SchoolDomainTable;
  servicePoints: ServicePointTable;
  newsCategories: NewsCategoryTable;
  news: NewsTable;
  newsCategoryLinks: NewsCategoryLinkTable;
  notices: NoticeTable;
  hotMajors: HotMajorTable;
  users: UserTable;
  userTenants: UserTenantTable;
  userTokens: UserTokenTable;
}
