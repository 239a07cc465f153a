/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    requestId: string;
    /** The tenant of this request; null only on routes that skip tenancy (/sso-login, /api). */
    tenant: import('./server/tenant/tenant.table').Tenant | null;
    server: import('./server/runtime').Server;
    /** The request scope of a page with a tenant (what services take); unset where tenant is null. */
    scope: import('./server/http/scope').Scope;
  }
}
