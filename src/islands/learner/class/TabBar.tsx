import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

interface Props<K extends string> {
  /** The tab list's accessible name. */
  label: string;
  /** Prefix of the tab and panel ids. */
  idPrefix: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect: (key: K) => void;
  /** Anything after the tabs on the same line (the timetable link). */
  after?: ReactNode;
  size?: 'main' | 'sub';
}

export const tabId = (prefix: string, key: string) => `${prefix}-tab-${key}`;
export const panelId = (prefix: string) => `${prefix}-panel`;

/** A row of tabs (role tablist/tab, arrow keys move between them); the caller renders the panel with panelProps. */
export function TabBar<K extends string>({ label, idPrefix, items, selected, onSelect, after, size = 'sub' }: Props<K>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKey(event: KeyboardEvent, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + items.length) % items.length;
    onSelect(items[next]!.key);
    refs.current[next]?.focus();
  }
  const main = size === 'main';
  return (
    <div className={`flex flex-wrap items-end justify-between gap-2 ${main ? 'border-b border-slate-200' : ''}`}>
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-x-1 gap-y-2">
        {items.map((item, i) => {
          const on = item.key === selected;
          return (
            <button
              key={item.key}
              ref={(el) => {
                refs.current[i] = el;
              }}
              id={tabId(idPrefix, item.key)}
              type="button"
              role="tab"
              aria-selected={on}
              aria-controls={panelId(idPrefix)}
              tabIndex={on ? 0 : -1}
              onClick={() => onSelect(item.key)}
              onKeyDown={(e) => onKey(e, i)}
              className={
                main
                  ? [
                      '-mb-px border-b-2 px-3 py-2 text-base',
                      on ? 'border-brand font-semibold text-brand' : 'border-transparent text-slate-600 hover:text-brand',
                    ].join(' ')
                  : `rounded-full px-3 py-1 text-sm ${on ? 'bg-brand text-white' : 'bg-slate-100 text-slate-700 hover:text-brand'}`
              }
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {after}
    </div>
  );
}

/** The attributes of the panel a TabBar controls. */
export function panelProps(idPrefix: string, selected: string) {
  return { id: panelId(idPrefix), role: 'tabpanel' as const, 'aria-labelledby': tabId(idPrefix, selected) };
}
