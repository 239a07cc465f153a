import { useEffect, useState } from 'react';
import { step, type Group, type Place } from '~/lib/exams/paper';
import { t } from '~/lib/i18n/messages/exams';
import { toast } from '~/lib/toast';

/**
 * The open question's place and the moves between questions: the answer card, the step buttons and
 * the arrow keys outside the answer fields. Moving saves the current answer first (`beforeMove`);
 * a failed save is retried by the queue, not shown here.
 */
export function usePlace(groups: Group[], beforeMove: () => void) {
  const [place, setPlace] = useState<Place>({ group: 0, index: 0 });

  const open = (to: Place) => {
    beforeMove();
    setPlace(to);
  };

  const move = (by: -1 | 1) => {
    const to = step(groups, place, by);
    if (!to) {
      toast(t(by < 0 ? 'exams.first' : 'exams.last'), 'warning');
      return;
    }
    open(to);
  };

  // Arrow keys move between questions outside the answer fields (and say when there is no further question).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (e.altKey || e.ctrlKey || e.metaKey || el?.closest('input, textarea, select, [contenteditable], dialog')) return;
      if (e.key === 'ArrowLeft') move(-1);
      else if (e.key === 'ArrowRight') move(1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return { place, open, move, first: !step(groups, place, -1), last: !step(groups, place, 1) };
}
