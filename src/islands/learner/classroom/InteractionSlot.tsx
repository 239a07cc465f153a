import InteractionPanel from '../interaction/InteractionPanel';
import type { PanelProps } from '../interaction/types';

/**
 * The interaction panel (questions, notes, comments and the like button)
 * beside a classroom. `className` places it: a side column of the face-to-face classroom on wide
 * screens; in the online classroom the third column (outline, lesson, interaction) from 1280 px,
 * below the lesson on narrower screens.
 */
export function InteractionSlot({ className = '', ...props }: PanelProps & { className?: string }) {
  return (
    <div className={`min-w-0 ${className}`}>
      <InteractionPanel {...props} />
    </div>
  );
}
