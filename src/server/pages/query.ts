import { z } from 'zod';

/** Query-string readers for pages: bad values fall back to defaults instead of failing the page. */
export function pageNumber(url: URL, name = 'current'): number {
  const r = z.coerce.number().int().min(1).max(100000).safeParse(url.searchParams.get(name) ?? undefined);
  return r.success ? r.data : 1;
}

export function idParam(url: URL, name = 'id'): string | undefined {
  const v = url.searchParams.get(name)?.trim();
  return v && /^[0-9A-Za-z_-]{1,32}$/.test(v) ? v : undefined;
}
