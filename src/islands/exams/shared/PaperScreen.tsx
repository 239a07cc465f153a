import type { ReactNode } from 'react';
import type { Group, Place } from '~/lib/exams/paper';
import { AnswerCard, type CellState } from './AnswerCard';
import { EmptyPaper } from './QuestionHeading';
import { QuestionPanel, type QuestionPanelProps } from './QuestionPanel';
import type { ShownQuestion } from './QuestionView';

/** The open question's panel as QuestionPanel takes it, but for the question itself: PaperScreen finds it at `place`. */
interface Props extends Omit<QuestionPanelProps, 'group' | 'index' | 'question'> {
  groups: Group<ShownQuestion>[];
  place: Place;
  /** Shown above the answer card (the answering page's countdown). */
  aside?: ReactNode;
  stateOf: (group: number, index: number) => CellState;
  onOpen: (place: Place) => void;
  legend: CellState[];
}

/**
 * A paper being answered: the open question (QuestionPanel) beside the answer card, or the empty
 * paper's notice when there is no question at that place. The answering page and the staff's
 * paper preview show a paper through this one layout.
 */
export function PaperScreen({ groups, place, aside, stateOf, onOpen, legend, ...panel }: Props) {
  const group = groups[place.group];
  const question = group?.questions[place.index];
  if (!question || !group) return <EmptyPaper />;
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <QuestionPanel {...panel} group={group} index={place.index} question={question} />
      <aside className="min-w-0 space-y-4">
        {aside}
        <AnswerCard groups={groups} current={place} stateOf={stateOf} onOpen={onOpen} legend={legend} />
      </aside>
    </div>
  );
}
