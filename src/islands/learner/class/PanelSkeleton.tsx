import { t } from '~/lib/i18n/messages/learner-class';

/**
 * Today's or the past classes while they load: the sub-tab row and activity cards of the real
 * cards' height (ActivityCard keeps to it), in the same grid, so the list lands where they were.
 */
export function PanelSkeleton({ tabs = true, cards = 2 }: { tabs?: boolean; cards?: number }) {
  return (
    <div role="status" aria-busy="true" aria-label={t('common.loading')} className="animate-pulse space-y-4">
      {tabs && <div className="h-8 w-3/4 rounded-full bg-slate-100" />}
      <ul className="grid gap-3 sm:grid-cols-2">
        {Array.from({ length: cards }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
          <li key={i} className="h-32 rounded-lg bg-slate-200" />
        ))}
      </ul>
    </div>
  );
}
