import { t } from '~/server/i18n';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A friendly, self-contained page for a host that belongs to no school. */
export function schoolNotFoundHtml(host: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t('tenant.notFoundTitle')}</title><link rel="icon" href="/favicon.svg">
<style>body{margin:0;font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f7fa;color:#1f2937;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;padding:40px 32px;max-width:480px;margin:16px;box-shadow:0 4px 24px rgba(0,0,0,.06);text-align:center}
h1{font-size:24px;margin:0 0 16px}p{line-height:1.7;margin:8px 0;color:#4b5563}</style></head>
<body><main><h1>${t('tenant.notFoundTitle')}</h1><p>${escape(t('tenant.notFoundBody', { host }))}</p><p>${t('tenant.notFoundHint')}</p></main></body></html>`;
}
