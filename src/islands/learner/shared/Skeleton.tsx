import { t } from '~/lib/i18n/messages/common';

/** Grey blocks in the shape of what is loading; read out once as 加载中… */
export function Skeleton({ rows = 3, className = '' }: { rows?: number; className?: string }) {
  return (
    <div role="status" aria-busy="true" aria-label={t('common.loading')} className={`animate-pulse space-y-3 ${className}`}>
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders, never reordered
        <div key={i} className="h-16 rounded-lg bg-slate-200" />
      ))}
    </div>
  );
}
