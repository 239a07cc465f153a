import { t } from '~/lib/i18n/messages/common';

interface Props {
  label: string;
  current: number;
  pages: number;
  onChange: (page: number) => void;
}

/** Previous / next buttons with "current / pages" for lists paged inside an island; hidden for one page. */
export function PagerButtons({ label, current, pages, onChange }: Props) {
  if (pages <= 1) return null;
  const button = 'rounded border border-slate-300 px-3 py-1 disabled:text-slate-400';
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-center gap-3 text-sm">
      <button type="button" disabled={current <= 1} onClick={() => onChange(current - 1)} className={button}>
        {t('common.prevPage')}
      </button>
      <span aria-live="polite">
        {current} / {pages}
      </span>
      <button type="button" disabled={current >= pages} onClick={() => onChange(current + 1)} className={button}>
        {t('common.nextPage')}
      </button>
    </nav>
  );
}
