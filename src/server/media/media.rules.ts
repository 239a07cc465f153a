import { safeMediaUrl } from '../sanitize';

/** Pure media rules, unit-tested on their own. */

/** A banner's link target: http(s) or a site path; anything else (javascript:, //host) is no link. */
export function bannerLink(url: string | null): string | null {
  return safeMediaUrl(url);
}
