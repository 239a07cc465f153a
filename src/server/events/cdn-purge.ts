import type { Logger } from '../logger';
import { countCdnPurge } from '../metrics';

/**
 * The CDN purge hook (CDN_PURGE_URL, CDN_PURGE_TOKEN): the tags of a change are POSTed as
 * `{"tags": [...]}` with `Authorization: Bearer <token>`, which is exactly Cloudflare's
 * purge-by-tag request (docs/operations.md, "CDN"). Only the instance that made the change calls
 * it, once per change. A failed request is tried again with a doubling wait; the last failure is
 * logged and counted and the CDN keeps those pages until their max-age. Nothing here ever fails
 * the staff change that caused it: purges run after it has answered.
 */

/** Cloudflare takes at most 30 tags in one purge call; a change has a handful. */
export const CDN_PURGE_TAGS_PER_REQUEST = 30;
export const CDN_PURGE_ATTEMPTS = 5;
/** The wait before the second try; each further wait doubles (1 + 2 + 4 + 8 s in all). */
export const CDN_PURGE_FIRST_RETRY_MS = 1_000;
/** One request's time limit: a hung endpoint costs a try, not a stuck queue. */
export const CDN_PURGE_TIMEOUT_MS = 10_000;

export interface CdnPurgerOptions {
  url: string;
  token: string;
  logger: () => Logger;
  attempts?: number;
  firstRetryMs?: number;
  timeoutMs?: number;
}

export interface CdnPurger {
  /** Starts purging the tags; answers at once. */
  purge(tags: readonly string[]): void;
  /** Settles when every purge started so far has succeeded or been given up (tests, shutdown). */
  settled(): Promise<void>;
}

const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    // A purge waiting to try again never keeps the process alive.
    setTimeout(resolve, ms).unref();
  });

export function createCdnPurger(options: CdnPurgerOptions): CdnPurger {
  const attempts = options.attempts ?? CDN_PURGE_ATTEMPTS;
  const firstRetryMs = options.firstRetryMs ?? CDN_PURGE_FIRST_RETRY_MS;
  const timeoutMs = options.timeoutMs ?? CDN_PURGE_TIMEOUT_MS;
  const pending = new Set<Promise<void>>();

  async function send(tags: string[]): Promise<void> {
    let wait = firstRetryMs;
    for (let attempt = 1; ; attempt++) {
      let problem: string;
      try {
        const res = await fetch(options.url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${options.token}` },
          body: JSON.stringify({ tags }),
          // The token goes to this address only, never to where a redirect points.
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
        // The answer's body is read (and dropped) so its connection is free again.
        await res.arrayBuffer().catch(() => undefined);
        if (res.ok) {
          countCdnPurge('ok');
          return;
        }
        problem = `answered ${res.status}`;
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
      }
      if (attempt >= attempts) {
        countCdnPurge('failed');
        options.logger().error('CDN purge failed; the CDN keeps these pages until their max-age', { tags, attempts: attempt, error: problem });
        return;
      }
      countCdnPurge('retried');
      options.logger().warn('CDN purge failed; trying again', { tags, attempt, retryMs: wait, error: problem });
      await pause(wait);
      wait *= 2;
    }
  }

  return {
    purge(tags) {
      for (let i = 0; i < tags.length; i += CDN_PURGE_TAGS_PER_REQUEST) {
        const sent: Promise<void> = send(tags.slice(i, i + CDN_PURGE_TAGS_PER_REQUEST)).finally(() => pending.delete(sent));
        pending.add(sent);
      }
    },
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
