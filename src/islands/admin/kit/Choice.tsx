import { fieldClass } from '../shared';
import { Labelled } from './Labelled';
import { OptionList } from './Options';

/** A choice's value and the words it shows. */
export interface Option {
  value: string;
  label: string;
}

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
  options: readonly Option[];
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
          <OptionList options={options.map((o) => [o.value, o.label] as const)} blank={any} />
        </select>
      )}
    </Labelled>
  );
}
