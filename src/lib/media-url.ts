/**
 * Only http(s) or site-relative URLs may become a media source (a picture, a video, a link): the
 * server keeps and shows only these, and the staff forms refuse anything else with the field's words.
 */
export function safeMediaUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const u = url.trim();
  if (u.startsWith('/')) {
    // Browsers read '/\\host', '/<tab>/host' and the like as another origin: keep only true paths.
    const base = 'http://site.invalid';
    try {
      return !/[\\\s]/.test(u) && new URL(u, base).origin === base ? u : null;
    } catch {
      return null;
    }
  }
  try {
    const parsed = new URL(u);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}
