// Astro alone: the portal's Astro and adapter, in the same mode, with one empty page and nothing of the portal's
// (no middleware, no policy header, no integration). bench/run.mjs builds it into bench/results/ and loads its page
// beside the portal's /healthz: what any page rendered through Astro costs before the portal's own work.
import node from '@astrojs/node';
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'server',
  outDir: '../results/astro-floor/dist',
  cacheDir: '../results/astro-floor/cache',
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  devToolbar: { enabled: false },
  security: { checkOrigin: false },
  vite: { cacheDir: '../results/astro-floor/vite' },
});
