/**
 * Publish times as "N分钟前", by the visitor's clock. The server renders every such time as
 * <time datetime="…" data-relative>YYYY-MM-DD HH:mm</time>: the absolute time, the same whenever
 * the page is rendered, so a cached page is never wrong and every instance renders the same bytes
 * (the same ETag). This script replaces the text with the relative words and keeps them current:
 * every second while a time is under a minute old (its words count seconds), else every 30 s.
 */
import { relativeTime } from '~/lib/time/relative';
import { MINUTE } from '~/lib/time/cst';

const SELECTOR = 'time[data-relative]';
const SECONDS_REFRESH_MS = 1_000;
const MINUTES_REFRESH_MS = 30_000;

/** Writes the relative words into every marked time under `root`; answers the wait before they next change. */
export function showRelativeTimes(root: ParentNode, now: number): number {
  let next = MINUTES_REFRESH_MS;
  for (const el of root.querySelectorAll<HTMLTimeElement>(SELECTOR)) {
    const at = Date.parse(el.dateTime);
    if (Number.isNaN(at)) continue;
    el.textContent = relativeTime(at, now);
    if (now - at < MINUTE) next = SECONDS_REFRESH_MS;
  }
  return next;
}

/** Shows the page's times now and keeps them current while the page is open. */
export function keepRelativeTimes(root: ParentNode = document): void {
  const tick = () => {
    setTimeout(tick, showRelativeTimes(root, Date.now()));
  };
  tick();
}
