// The portal's own client directives (astro.config.mjs), typed for the pages that use them.
export {};

declare module 'astro' {
  interface AstroClientDirectives {
    /** The class page's island: loads once the page's early first view has answered (after-first-view.ts). */
    'client:after-first-view'?: boolean;
  }
}
