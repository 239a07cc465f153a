import { useId, type ReactNode } from 'react';
import { fieldClass } from '../shared';

/** Small labelled fields of the bank's screens (a label tied to its control, as tests and screen readers find them). */

export function Input({
  label,
  value,
  onValue,
  type = 'text',
  width = '',
  placeholder,
}: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  type?: 'text' | 'number';
  width?: string;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className={width}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onValue(e.target.value)}
        className={fieldClass}
        step={type === 'number' ? 'any' : undefined}
      />
    </div>
  );
}

export function TextArea({ label, value, onValue, rows = 3 }: { label: string; value: string; onValue: (v: string) => void; rows?: number }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <textarea id={id} rows={rows} value={value} onChange={(e) => onValue(e.target.value)} className={fieldClass} />
    </div>
  );
}

export function Select({
  label,
  value,
  onValue,
  options,
  width = '',
}: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  options: readonly { value: string; label: string }[];
  width?: string;
}) {
  const id = useId();
  return (
    <div className={width}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onValue(e.target.value)} className={fieldClass}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Check({
  label,
  checked,
  onChecked,
  type = 'checkbox',
  name,
}: {
  label: ReactNode;
  checked: boolean;
  onChecked: (v: boolean) => void;
  type?: 'checkbox' | 'radio';
  name?: string;
}) {
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <input type={type} name={name} checked={checked} onChange={(e) => onChecked(e.target.checked)} className="h-4 w-4" />
      {label}
    </label>
  );
}

/** The text of a stem for a list: tags dropped, spaces folded, cut to `max`. */
export function excerpt(html: string, max = 60): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Paragraph HTML as the lines of a plain text box (the sub-questions' stems are typed as text). */
export function htmlToText(html: string): string {
  return html
    .replace(/<\/p>\s*<p[^>]*>/g, '\n')
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim();
}

/** The options' letters: A, B, … by position. */
export const letter = (i: number) => String.fromCharCode(65 + i);
