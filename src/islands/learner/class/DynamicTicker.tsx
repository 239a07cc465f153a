import { useEffect, useState, useSyncExternalStore } from 'react';
import type { ActivityDynamic } from '~/lib/api/contracts/learning-class';
import { t } from '~/lib/i18n/messages/learner-class';
import { DYNAMIC_SCROLL_MS } from '~/lib/learning/class-detail';
import { nextDynamic } from '~/lib/learning/class-page';
import { cutTime } from '~/lib/learning/display';
import { TitledSection } from '../shared/TitledSection';

const TYPE_KEYS = ['class.dynamicType0', 'class.dynamicType1', 'class.dynamicType2', 'class.dynamicType3', 'class.dynamicType4', 'class.dynamicType5'] as const;

/** One line of a dynamic: who, what, and when (hour and minute). */
function line(d: ActivityDynamic): { who: string; what: string; when: string } {
  const key = TYPE_KEYS[d.type];
  const what = key ? t(key) : '';
  return { who: d.realName, what: d.content ? `${what}：${d.content}` : what, when: cutTime(d.createdTime).slice(11) };
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(changed: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

/**
 * Whether the person asked for reduced motion: read from the first render in the browser (a ticker
 * must not move even once for them), false in the server's HTML, and followed when it changes.
 */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/**
 * Today's activity dynamics: one line at a time, scrolling up every DYNAMIC_SCROLL_MS.
 * It stops while the pointer or the focus is on it and with the pause button (moving content must
 * be stoppable); with prefers-reduced-motion it does not move at all and lists every line instead.
 */
export function DynamicTicker({ items }: { items: readonly ActivityDynamic[] }) {
  const reduced = useReducedMotion();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [paused, setPaused] = useState(false);
  const moving = !reduced && !paused && !hovered && !focused && items.length > 1;
  useEffect(() => {
    if (!moving) return;
    const timer = setInterval(() => setIndex((i) => nextDynamic(i, items.length)), DYNAMIC_SCROLL_MS);
    return () => clearInterval(timer);
  }, [moving, items.length]);

  const row = (d: ActivityDynamic, i: number) => {
    const { who, what, when } = line(d);
    return (
      <li key={d.id} data-current={!reduced && i === index ? 'true' : undefined} className="flex h-8 items-center gap-2 text-sm">
        <span className="shrink-0 font-medium text-ink">{who}</span>
        <span className="min-w-0 flex-1 truncate text-slate-600">{what}</span>
        <span className="shrink-0 text-xs text-slate-500">{when}</span>
      </li>
    );
  };

  return (
    <TitledSection
      id="class-dynamics-title"
      level="h3"
      className="rounded-lg bg-slate-50 px-4 py-2"
      headingClass="text-sm font-semibold text-ink"
      title={t('class.dynamics')}
      aside={
        !reduced &&
        items.length > 1 && (
          <button
            type="button"
            onClick={() => setPaused((p) => !p)}
            aria-pressed={paused}
            className="rounded px-2 py-0.5 text-xs text-slate-600 hover:text-brand"
          >
            {paused ? t('class.playDynamics') : t('class.pauseDynamics')}
          </button>
        )
      }
    >
      {items.length === 0 ? (
        <p className="py-1 text-sm text-slate-600">{t('class.noDynamics')}</p>
      ) : reduced ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must take the focus so a keyboard can scroll it
        <ul tabIndex={0} aria-label={t('class.dynamics')} className="max-h-40 overflow-y-auto">
          {items.map(row)}
        </ul>
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a moving ticker, not a set of form fields (fieldset)
        <div
          role="group"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: taking the focus stops the ticker, so a keyboard user can read it
          tabIndex={0}
          aria-label={t('class.dynamics')}
          className="h-8 overflow-hidden rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-brand"
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        >
          <ul className="transition-transform duration-500 ease-out" style={{ transform: `translateY(-${index * 2}rem)` }}>
            {items.map(row)}
          </ul>
        </div>
      )}
    </TitledSection>
  );
}
