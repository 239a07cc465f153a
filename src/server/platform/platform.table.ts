/** A parameter of one tenant, or the global value (tenantId null) used when the tenant has none. */
export interface PlatformParameterTable {
  id: string;
  tenantId: string | null;
  paramKey: string;
  paramValue: string | null;
  updatedAt: number;
}

/** One row per visitor per school per China Standard Time day: the visit was counted. */
export interface SchoolVisitTable {
  tenantId: string;
  day: number;
  visitorId: string;
  ip: string;
  createdAt: number;
}

export interface RolePackTable {
  id: string;
  tenantId: string;
  name: string;
  /** JSON array of {code, name}. */
  roles: string;
  createdAt: number;
}
