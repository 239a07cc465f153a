import { type OptionData, Options } from '~/islands/shared/Options';
import { fieldClass } from '../shared';
import { Labelled } from './Labelled';

/**
 * A labelled choice (a select tied to its label, as people, screen readers and tests find it):
 * a filter, a class to show, a question to mark. With `any`, a blank first choice of those words.
 */
export function Choice({
  label,
  value,
  onValue,
  options,
  any,
  className,
  id,
}: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  options: OptionData;
  any?: string;
  /** The box's width or placement. */
  className?: string;
  /** The select's id when the screen names it (filters: `${idPrefix}-${name}`). */
  id?: string;
}) {
  return (
    <Labelled label={label} className={className} id={id}>
      {(selectId) => (
        <select id={selectId} className={`${fieldClass} max-w-full`} value={value} onChange={(e) => onValue(e.target.value)}>
          <Options options={options} none={any} />
        </select>
      )}
    </Labelled>
  );
}
