import { formatDateTime } from '~/lib/time/cst';
import { t } from '~/server/i18n';
import type { NewsDetail } from '~/lib/api/contracts/content';
import type { PreviewRefusal } from './content.service';
import { PUBLICATION } from '~/lib/status';

/** What the preview page says about an item's state and how it refuses a ticket. */

export function previewStateLabel(news: Pick<NewsDetail, 'status' | 'publishTimestamp'>, now: number): string {
  if (news.status === PUBLICATION.SCHEDULED) return t('preview.state.scheduled', { time: formatDateTime(news.publishTimestamp) });
  if (news.status !== PUBLICATION.PUBLISHED) return news.status === PUBLICATION.DRAFT ? t('preview.state.draft') : t('preview.state.withdrawn');
  if (news.publishTimestamp > now) return t('preview.state.scheduled', { time: formatDateTime(news.publishTimestamp) });
  return t('preview.state.published');
}

export const PREVIEW_REFUSAL_STATUS: Record<PreviewRefusal, number> = {
  off: 404,
  invalid: 403,
  expired: 403,
  'other-school': 403,
  missing: 404,
};

/**
 * The headers of every preview page's answer: never stored by any cache, never indexed, no
 * referrer (the ticket is in the address); a refused ticket's status. Gives the refusal's words,
 * or null when there is an item to show.
 */
export function answerPreview(response: { headers: Headers; status?: number | undefined }, preview: { state: 'ok' | PreviewRefusal }): string | null {
  response.headers.set('Cache-Control', 'no-store');
  response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  response.headers.set('Referrer-Policy', 'no-referrer');
  if (preview.state === 'ok') return null;
  response.status = PREVIEW_REFUSAL_STATUS[preview.state];
  return t(`preview.refused.${preview.state}`);
}
