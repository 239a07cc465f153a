import { useId, type ReactNode } from 'react';
import { fieldClass } from '../shared';
import { type OptionData, Options } from '~/islands/shared/Options';

/**
 * A label tied to the control under it (people, screen readers and tests find the control by its
 * words): the control is drawn by `children` with the id it is given, or `id` when the screen names it.
 */
export function Labelled({ label, className, id, children }: { label: string; className?: string; id?: string; children: (id: string) => ReactNode }) {
  const own = useId();
  const controlId = id ?? own;
  return (
    <div className={className}>
      <label htmlFor={controlId} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children(controlId)}
    </div>
  );
}

/**
 * A label above a control the form draws with `id`, and the form's message for it below (its id is
 * `${id}-error`, which the control names in aria-describedby): every staff form's field frame.
 */
export function FieldBox({
  id,
  label,
  error,
  small = false,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  small?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className={small ? 'mb-1 block text-sm' : 'mb-1 block text-sm font-medium'}>
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A form's select of fixed options ([value, words]) in the field frame. */
export function SelectField({
  id,
  label,
  value,
  onValue,
  options,
}: {
  id: string;
  label: string;
  value: string;
  onValue: (v: string) => void;
  options: OptionData;
}) {
  return (
    <FieldBox id={id} label={label}>
      <select id={id} className={fieldClass} value={value} onChange={(e) => onValue(e.target.value)}>
        <Options options={options} />
      </select>
    </FieldBox>
  );
}
