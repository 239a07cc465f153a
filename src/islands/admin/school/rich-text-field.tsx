import { useId, useMemo } from 'react';
import { inputClass } from '../../shared/fields';

/**
 * A rich-text field: for now a textarea of HTML beside a live preview of it. The preview is made
 * from an inert parse of the text (DOMParser runs no script and loads nothing) with every element
 * and attribute that could act removed, so what an administrator pastes cannot act in the staff
 * page. It is only a preview: the server sanitises the text as the public page shows it when it is
 * saved (and again when shown), and the field then holds the saved text. The shared rich-text
 * editor takes this component's place.
 */

const DROPPED = new Set([
  'SCRIPT',
  'STYLE',
  'IFRAME',
  'FRAME',
  'FRAMESET',
  'OBJECT',
  'EMBED',
  'LINK',
  'META',
  'BASE',
  'FORM',
  'INPUT',
  'BUTTON',
  'TEXTAREA',
  'SELECT',
  'TEMPLATE',
  'NOSCRIPT',
  'SVG',
  'MATH',
]);
const URL_ATTRIBUTES = new Set(['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'poster', 'background']);
const SAFE_URL = /^(?:https?:|mailto:|tel:|\/|#|\.\/|[^:]*$)/i;

/** The HTML of a preview: the text parsed inertly, without script, frames, forms or handlers. */
export function previewHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return '';
  // Handlers are also dropped from the text first: the browser reports (and its CSP blocks) an inline
  // handler it meets while parsing, which would only be noise here.
  const text = html.replace(/([\s/"'])on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi, '$1');
  const doc = new DOMParser().parseFromString(`<body>${text}</body>`, 'text/html');
  for (const el of [...doc.body.querySelectorAll('*')]) {
    if (DROPPED.has(el.tagName.toUpperCase())) {
      el.remove();
      continue;
    }
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on') || (URL_ATTRIBUTES.has(name) && !SAFE_URL.test(attr.value.trim()))) el.removeAttribute(attr.name);
    }
  }
  return doc.body.innerHTML;
}

export function RichTextField({
  label,
  previewLabel,
  value,
  onValue,
  error,
}: {
  label: string;
  previewLabel: string;
  value: string;
  onValue: (html: string) => void;
  error?: string | null | undefined;
}) {
  const id = useId();
  const preview = useMemo(() => previewHtml(value), [value]);
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
          {label}
        </label>
        <textarea
          id={id}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          rows={14}
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputClass(!!error)} resize-y font-mono text-xs`}
        />
        {error && (
          <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
            {error}
          </p>
        )}
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long text scrolls in this box; keyboard users scroll it by focusing it. */}
      <section aria-label={previewLabel} tabIndex={0} className="max-h-96 overflow-auto rounded border border-slate-200 bg-white p-4">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: an inert parse stripped of everything that acts (previewHtml above). */}
        <div className="rich-text leading-7 text-slate-700" dangerouslySetInnerHTML={{ __html: preview }} />
      </section>
    </div>
  );
}
