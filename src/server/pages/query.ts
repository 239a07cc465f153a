/** Query-string readers for pages: bad values fall back to defaults instead of failing the page. */
export function pageNumber(url: URL, name = 'current'): number {
  const text = url.searchParams.get(name)?.trim() ?? '';
  const n = /^\d{1,6}$/.test(text) ? Number(text) : 1;
  return n >= 1 && n <= 100000 ? n : 1;
}

export function idParam(url: URL, name = 'id'): string | undefined {
  const v = url.searchParams.get(name)?.trim();
  return v && /^[0-9A-Za-z_-]{1,32}$/.test(v) ? v : undefined;
}
