import InteractionPanel from '../interaction/InteractionPanel';
import type { PanelProps } from '../interaction/types';

/**
 * The interaction panel (questions, notes, comments and the like button: learner-area.md 2.5, 2.6)
 * beside a classroom: a column on wide screens, below the classroom on narrow ones.
 */
export function InteractionSlot(props: PanelProps) {
  return (
    <div className="min-w-0 lg:w-96">
      <InteractionPanel {...props} />
    </div>
  );
}
