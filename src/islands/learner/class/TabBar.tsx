import type { ReactNode } from 'react';
import { TabList } from '~/islands/shared/TabList';

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
  const main = size === 'main';
  return (
    <div className={`flex flex-wrap items-end justify-between gap-2 ${main ? 'border-b border-slate-200' : ''}`}>
      <TabList
        label={label}
        tabs={items.map((item) => item.key)}
        selected={selected}
        onSelect={onSelect}
        tabId={(key) => tabId(idPrefix, key)}
        panelId={() => panelId(idPrefix)}
        className="flex flex-wrap gap-x-1 gap-y-2"
        tabClass={(on) =>
          main
            ? [
                '-mb-px border-b-2 px-3 py-2 text-base',
                on ? 'border-brand font-semibold text-brand' : 'border-transparent text-slate-600 hover:text-brand',
              ].join(' ')
            : `rounded-full px-3 py-1 text-sm ${on ? 'bg-brand text-white' : 'bg-slate-100 text-slate-700 hover:text-brand'}`
        }
      >
        {(key) => items.find((item) => item.key === key)?.label}
      </TabList>
      {after}
    </div>
  );
}

/** The attributes of the panel a TabBar controls. */
export function panelProps(idPrefix: string, selected: string) {
  return { id: panelId(idPrefix), role: 'tabpanel' as const, 'aria-labelledby': tabId(idPrefix, selected) };
}
