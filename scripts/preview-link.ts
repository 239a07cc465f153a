// Prints a news-preview link, as the content system makes them (for staff and operators):
//   npx tsx scripts/preview-link.ts <newsId> [tenantId] [minutes] [origin]
// Signed with PREVIEW_SECRET from the environment (the development default outside production).
// Valid `minutes` (default 15, at most 60). Format: docs/api.md, "News preview".
import { parseConfig } from '../src/server/config';
import { makePreviewTicket, PREVIEW_MAX_LIFETIME_S } from '../src/server/content/preview.rules';

const [newsId, tenantId = '1000000000000000001', minutes = '15', origin] = process.argv.slice(2);
// Development mode unless NODE_ENV says otherwise (production refuses the development secret).
const config = parseConfig({ NODE_ENV: 'development', ...process.env });
const lifetimeS = Number(minutes) * 60;
if (!newsId || !/^\d{1,32}$/.test(newsId) || !Number.isInteger(lifetimeS) || lifetimeS <= 0 || lifetimeS > PREVIEW_MAX_LIFETIME_S) {
  console.error('usage: preview-link.ts <newsId> [tenantId] [minutes 1-60] [origin, e.g. https://demo.yunxiao.cn]');
  process.exit(2);
}
if (!config.PREVIEW_SECRET) {
  console.error('PREVIEW_SECRET is not set (news preview is off in production without it)');
  process.exit(2);
}
const ticket = makePreviewTicket(config.PREVIEW_SECRET, { tenantId, id: newsId, nowMs: Date.now(), lifetimeS });
console.log(`${origin ?? `http://localhost:${config.PORT}`}/news-information/preview?ticket=${ticket}`);
