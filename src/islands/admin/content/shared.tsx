import { t } from '~/lib/i18n/messages/admin-content';
import type { ArticleState } from '~/lib/api/contracts/admin-content';
import { toast } from '~/lib/toast';

/** Pieces the news and notice screens share. */

export const STATES: readonly ArticleState[] = ['draft', 'scheduled', 'published', 'withdrawn'];
export const stateLabel = (s: ArticleState) => t(`adminContent.state.${s}`);

const STATE_LOOK: Record<ArticleState, string> = {
  draft: 'bg-slate-100 text-slate-700',
  scheduled: 'bg-amber-100 text-amber-900',
  published: 'bg-green-100 text-green-800',
  withdrawn: 'bg-red-50 text-red-800',
};

export function StateBadge({ state }: { state: ArticleState }) {
  return <span className={`inline-block whitespace-nowrap rounded px-2 py-0.5 text-xs font-medium ${STATE_LOOK[state]}`}>{stateLabel(state)}</span>;
}

export const failed = (e: unknown) => toast(e instanceof Error ? e.message : t('common.systemBusy'), 'error');

/** A datetime-local input's value ("YYYY-MM-DDTHH:mm", China Standard Time as the school works in it) as the API reads it. */
export const scheduleText = (local: string) => local.replace('T', ' ');
