// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { chunkGroups, clientChunks, preloadOnlyMissing } from './scripts/client-chunks.mjs';
import { inlineScripts } from './scripts/inline-script.mjs';
import { syncCspDigest } from './scripts/csp-digest.mjs';
import { islandRenderer } from './scripts/island-renderer.mjs';
import { pageModulesOnce } from './scripts/page-modules.mjs';
import { reactRenderWhole } from './scripts/react-render-whole.mjs';
import { pageBytesWritten } from './scripts/page-bytes.mjs';
import { pageRequestsUnwired } from './scripts/page-requests.mjs';

export default defineConfig({
  output: 'server',
  // Middleware mode: the adapter only renders; scripts/start.mjs serves the built files from a list made at start
  // (src/server/http/static-files.ts), so a page or API call never looks on the disk first.
  // Pages render to one string, encoded once, not streamed in pieces (decision 098): the middleware reads every
  // public page whole for its ETag before a byte leaves, and the staff pages are a shell and one island.
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  integrations: [
    // Islands render on the server with React's renderToString, not a stream encoded and decoded again (decision 099).
    react({ experimentalDisableStreaming: true }),
    {
      // client:after-first-view: the class page's island loads once its early first view has answered (decision 081).
      name: 'portal:client-directives',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({ name: 'after-first-view', entrypoint: fileURLToPath(new URL('./src/lib/directives/after-first-view.ts', import.meta.url)) }),
      },
    },
  ],
  server: { port: 4321, host: true },
  prefetch: false,
  devToolbar: { enabled: false },
  security: {
    // The API authenticates by a token header, never by cookie, so a cross-site form post carries
    // no credentials; Astro's origin check would answer such posts in plain text instead of the
    // envelope (docs/security.md).
    checkOrigin: false,
    // Every page gets a Content-Security-Policy header with the hashes of the inline scripts Astro
    // rendered; src/server/http/security-headers.ts adds what depends on the running configuration.
    csp: {
      algorithm: 'SHA-256',
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob: https:",
        "media-src 'self' data: blob: https:",
        "font-src 'self' data:",
        // The school map's script (when a map key is set) talks to the map service.
        "connect-src 'self' https://*.amap.com",
        "worker-src 'self' blob:",
        "frame-src 'self' https:",
        "frame-ancestors 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      scriptDirective: { resources: ["'self'", 'https://webapi.amap.com', 'https://*.amap.com'] },
      // Islands and the carousel set element styles; inline style attributes carry no script.
      styleDirective: { resources: ["'self'", "'unsafe-inline'", 'https://*.amap.com'] },
    },
  },
  vite: {
    // clientChunks: dist/client-chunks.json, the modules of each browser file (read by the benchmark);
    // preloadOnlyMissing: a dynamic import does not preload what its page already loaded (decision 068);
    // inlineScripts: `inline-script:` imports, a script bundled on its own to write into a page (decision 081);
    // syncCspDigest: Astro's per-render CSP digests hashed in the server's thread (decision 087);
    // islandRenderer: each island names React as its renderer, so the server renders it once, not twice (decision 094);
    // pageModulesOnce: a page's module imported once per process, not on every request (decision 096);
    // reactRenderWhole: React's renderToString given each island's id prefix, as the browser hydrates it (decision 099);
    // pageBytesWritten: a page's bytes written as rendered (decision 106);
    // pageRequestsUnwired: a GET or HEAD made into a web Request without an abort signal (decision 109).
    plugins: [
      tailwindcss(),
      clientChunks(),
      preloadOnlyMissing(),
      inlineScripts(),
      syncCspDigest(),
      islandRenderer(),
      pageModulesOnce(),
      reactRenderWhole(),
      ...pageBytesWritten(),
      pageRequestsUnwired(),
    ],
    ssr: { external: ['better-sqlite3', 'pg'] },
    // The browser's files: React's runtime in one, the portal's shared code in a few layers (decision 068).
    environments: { client: { build: { rolldownOptions: { output: { codeSplitting: chunkGroups(fileURLToPath(new URL('.', import.meta.url))) } } } } },
  },
});
