import { useId, useState } from 'react';
import { TEXT_LIMIT, counterText, textProblem } from '~/lib/learning/interaction';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** The refusal to show under the box (the spec's message), or ''. */
  error?: string;
  multiline?: boolean;
  /** Show the label only to screen readers. */
  hideLabel?: boolean;
  autoFocus?: boolean;
}

/** A text box of the panel: at most 100 characters, with its n/100 counter and its message. */
export function TextBox({ label, value, onChange, placeholder, error = '', multiline = true, hideLabel = false, autoFocus = false }: Props) {
  const id = useId();
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;
  const common = {
    id,
    value,
    placeholder,
    maxLength: TEXT_LIMIT,
    autoFocus,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${counterId} ${errorId}` : counterId,
    className: 'w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand focus:outline-none',
  } as const;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'block text-sm font-medium text-slate-700'}>
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(e) => onChange(e.target.value)} />
      )}
      <div className="flex items-start justify-between gap-2 text-xs">
        <span id={errorId} role={error ? 'alert' : undefined} className="text-red-700">
          {error}
        </span>
        <span id={counterId} className="shrink-0 text-slate-600">
          {counterText(value)}
        </span>
      </div>
    </div>
  );
}

/** A text box's value and its message: typing clears the message. `bind` ties a TextBox to it. */
export function useTextBox(initial = '') {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState('');
  const onChange = (next: string) => {
    setValue(next);
    setError('');
  };
  /**
   * Checks the text against the panel's rule (textProblem: required when a `required` message is
   * given, at most the limit) and shows the refusal under the box; true when it may be sent.
   */
  const check = (messages: { required?: string; tooLong: string }) => {
    const problem = textProblem(value, messages.required !== undefined);
    setError(problem === 'required' ? (messages.required ?? '') : problem ? messages.tooLong : '');
    return !problem;
  };
  return { value, error, setValue, setError, check, bind: { value, error, onChange } };
}
