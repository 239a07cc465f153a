import type { ReactNode } from 'react';
import { t } from '~/lib/i18n/messages/interaction';
import { Empty } from '../shared/Empty';
import { LoadShown } from '../shared/page';
import type { Load } from '../shared/use-load';

const PRIMARY = 'rounded-md bg-brand px-4 py-1.5 text-sm text-white hover:opacity-90 disabled:opacity-60';

/** A list of the panel (questions, notes, comments): loading, its failure, 暂无数据, or one card per item. */
export function ItemList<T extends { id: string }>({ load, onRetry, children }: { load: Load<T[]>; onRetry: () => void; children: (item: T) => ReactNode }) {
  return (
    <LoadShown load={load} onRetry={onRetry} rows={3}>
      {(items) =>
        items.length === 0 ? (
          <Empty text={t('interaction.noData')} />
        ) : (
          <ul className="space-y-3">
            {items.map((item) => (
              <li key={item.id} className="rounded-lg border border-slate-200 p-3">
                {children(item)}
              </li>
            ))}
          </ul>
        )
      }
    </LoadShown>
  );
}

/** The panel's main button (it waits while its call is under way). */
export function PrimaryButton({ onClick, busy = false, children }: { onClick: () => void; busy?: boolean; children: ReactNode }) {
  return (
    <button type="button" onClick={onClick} disabled={busy} className={PRIMARY}>
      {children}
    </button>
  );
}

/** A dialog's 取消 and its main button, at its end. */
export function DialogButtons({ onCancel, onOk, ok, busy }: { onCancel: () => void; onOk: () => void; ok: string; busy: boolean }) {
  return (
    <div className="flex justify-end gap-2">
      <button type="button" onClick={onCancel} className="rounded-md border border-slate-300 px-4 py-1.5 text-sm hover:bg-slate-50">
        {t('interaction.cancel')}
      </button>
      <PrimaryButton onClick={onOk} busy={busy}>
        {ok}
      </PrimaryButton>
    </div>
  );
}
