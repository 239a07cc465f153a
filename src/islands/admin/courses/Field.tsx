import { fieldClass } from '../shared';

/** A labelled text input of the course forms. */
export function Field({
  id,
  label,
  value,
  onValue,
  required,
  maxLength,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onValue: (v: string) => void;
  required?: boolean;
  maxLength?: number;
  hint?: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className={fieldClass}
        value={value}
        required={required}
        maxLength={maxLength}
        placeholder={hint}
        onChange={(e) => onValue(e.target.value)}
      />
    </div>
  );
}
