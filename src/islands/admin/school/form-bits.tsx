import type { ReactNode } from 'react';
import { inputClass } from '../../shared/fields';
import { type OptionData, Options } from '../kit';

/** Small form pieces of the school settings screen: a labelled field that may be required, and a grid of fields. */

export function Field({
  id,
  label,
  value,
  onValue,
  error,
  required = false,
  hint,
  type = 'text',
  multiline = false,
  inputMode,
  placeholder,
  onBlur,
}: {
  id: string;
  label: string;
  value: string;
  onValue: (v: string) => void;
  error?: string | null | undefined;
  required?: boolean;
  hint?: ReactNode;
  type?: string;
  multiline?: boolean;
  inputMode?: 'text' | 'decimal' | 'tel' | 'email' | 'url' | 'numeric';
  placeholder?: string;
  onBlur?: () => void;
}) {
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-required': required || undefined,
    'aria-describedby': described,
    placeholder,
    onBlur,
  };
  return (
    <div>
      {/* The required mark beside the label, not in it: the field's name is the label's text. */}
      <div className="mb-1 flex items-center gap-0.5 text-sm font-medium text-ink">
        {required && (
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        )}
        <label htmlFor={id}>{label}</label>
      </div>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => onValue(e.target.value)} className={`${inputClass(!!error)} resize-y`} />
      ) : (
        <input {...common} type={type} inputMode={inputMode} onChange={(e) => onValue(e.target.value)} className={inputClass(!!error)} />
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function Choice({
  id,
  label,
  value,
  onValue,
  options,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onValue: (v: string) => void;
  options: OptionData;
  error?: string | null | undefined;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${inputClass(!!error)} bg-white`}
      >
        <Options options={options} />
      </select>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function FieldGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="mb-5">
      <legend className="mb-2 text-sm font-semibold text-slate-700">{title}</legend>
      <div className="grid gap-3 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

export const failText = (e: unknown, fallback: string) => (e instanceof Error ? e.message : fallback);
