/// <reference types="astro/client" />

/** A script bundled on its own to write into a page, and its hash for the page's policy (scripts/inline-script.mjs). */
declare module 'inline-script:*' {
  export const code: string;
  export const hash: `sha256-${string}`;
}

declare namespace App {
  interface Locals {
    requestId: string;
    /** The tenant of this request; null only on routes that skip tenancy (/sso-login, /api). */
    tenant: import('./server/tenant/tenant.table').Tenant | null;
    server: import('./server/runtime').Server;
    /** The request scope of a page with a tenant (what services take); unset where tenant is null. */
    scope: import('./server/http/scope').Scope;
    /**
     * What a public page shows besides its school (set in its frontmatter), for its cache tags:
     * a page that says nothing is dropped from the caches on any change of its school.
     */
    shows?: import('./server/events/page-changes').PageShows;
  }
}
