import { t } from '~/server/i18n';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A friendly, self-contained page for a host that belongs to no school; on a portal with no school
 * at all (a fresh production database) it says so and how the operator creates the first one.
 */
export function schoolNotFoundHtml(host: string, noSchoolYet = false): string {
  if (noSchoolYet) {
    // The command of a production install (dist/ and the production packages): the npm scripts of a
    // full checkout are not there (scripts/check-production-install.sh runs the command shown).
    return page(t('tenant.noSchoolTitle'), [
      escapeHtml(t('tenant.noSchoolBody')),
      escapeHtml(t('tenant.noSchoolHint')),
      `<code>${escapeHtml(t('tenant.noSchoolCommand'))}</code>`,
    ]);
  }
  return page(t('tenant.notFoundTitle'), [escapeHtml(t('tenant.notFoundBody', { host })), t('tenant.notFoundHint')]);
}

/** The page answered (503) while the database cannot be reached; it reloads itself. */
export function serviceUnavailableHtml(): string {
  return page(t('page.unavailableTitle'), [escapeHtml(t('page.unavailableBody'))], '<meta http-equiv="refresh" content="10">');
}

/** The page answered (500) when rendering failed; the request id lets support find the log line. */
export function pageErrorHtml(requestId: string): string {
  return page(t('page.errorTitle'), [escapeHtml(t('page.errorBody')), escapeHtml(t('page.errorReference', { requestId }))]);
}

function page(title: string, paragraphs: string[], head = ''): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${head}
<title>${title}</title><link rel="icon" href="/favicon.svg">
<style>body{margin:0;font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f7fa;color:#1f2937;
display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;padding:40px 32px;max-width:480px;margin:16px;box-shadow:0 4px 24px rgba(0,0,0,.06);text-align:center}
h1{font-size:24px;margin:0 0 16px}p{line-height:1.7;margin:8px 0;color:#4b5563}
code{display:block;text-align:left;font-size:13px;background:#f3f4f6;border-radius:6px;padding:8px 12px;word-break:break-all}</style></head>
<body><main><h1>${title}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('')}</main></body></html>`;
}
