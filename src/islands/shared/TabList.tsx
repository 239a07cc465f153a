import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { arrowIndex, tabByKey } from './tab-keys';

interface Props<K extends string | number> {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly K[];
  selected: K;
  onSelect: (tab: K) => void;
  /** Each tab's id: the panel names its tab by it. */
  tabId: (tab: K) => string;
  /** The id of the panel a tab controls (one panel for all, or one a tab). */
  panelId: (tab: K) => string;
  className: string;
  tabClass: (selected: boolean) => string;
  /** Home and End move to the first and the last tab as well as the arrows. */
  homeEnd?: boolean;
  /** What a tab says. */
  children: (tab: K) => ReactNode;
}

/**
 * A row of tabs in the ARIA tabs pattern: only the selected tab is in the Tab order, ← and →
 * select the previous and next tab (wrapping round) and move the focus with it. The caller
 * renders the panel (role tabpanel, labelled by the selected tab's id).
 */
export function TabList<K extends string | number>(props: Props<K>) {
  const { label, tabs, selected, onSelect, tabId, panelId, className, tabClass, homeEnd = false, children } = props;
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKey(event: KeyboardEvent<HTMLButtonElement>) {
    const next = homeEnd ? tabByKey(tabs, selected, event.key) : arrowTab(tabs, selected, event.key);
    if (next === undefined) return;
    event.preventDefault();
    onSelect(next);
    refs.current[tabs.indexOf(next)]?.focus();
  }
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((tab, i) => (
        <button
          key={tab}
          ref={(el) => {
            refs.current[i] = el;
          }}
          id={tabId(tab)}
          type="button"
          role="tab"
          aria-selected={tab === selected}
          aria-controls={panelId(tab)}
          tabIndex={tab === selected ? 0 : -1}
          onClick={() => onSelect(tab)}
          onKeyDown={onKey}
          className={tabClass(tab === selected)}
        >
          {children(tab)}
        </button>
      ))}
    </div>
  );
}

function arrowTab<K>(tabs: readonly K[], selected: K, key: string): K | undefined {
  const i = arrowIndex(tabs.length, tabs.indexOf(selected), key);
  return i === null ? undefined : tabs[i];
}
