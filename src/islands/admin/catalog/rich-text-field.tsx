import { useId, useMemo } from 'react';
import { t } from '~/lib/i18n/messages/admin-catalog';
import { previewHtml } from '~/lib/rich-text-preview';
import { inputClass } from '../../shared/fields';

/**
 * The one rich-text field of the catalogue forms (a question's answer, and any later rich field):
 * a textarea with a live preview. The preview is rebuilt from an allowlist in the browser
 * (src/lib/rich-text-preview.ts), so nothing typed runs on the staff page; the server sanitises the
 * HTML when it is saved and again when it is shown. The shared editor replaces the textarea here,
 * in this one file.
 */
export function RichTextField({
  label,
  value,
  onValue,
  error,
  maxLength = 20000,
}: {
  label: string;
  value: string;
  onValue: (html: string) => void;
  error?: string | undefined;
  maxLength?: number;
}) {
  const id = useId();
  const preview = useMemo(() => (typeof DOMParser === 'undefined' ? '' : previewHtml(value)), [value]);
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        maxLength={maxLength}
        rows={6}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-note`}
        onChange={(e) => onValue(e.target.value)}
        className={`${inputClass(!!error)} resize-y font-mono text-xs`}
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
      <p id={`${id}-note`} className="text-xs text-slate-500">
        {t('catalog.previewNote')}
      </p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long preview scrolls; the focus lets keyboard users scroll it. */}
      <section tabIndex={0} aria-label={t('catalog.preview')} className="rich-text max-h-48 overflow-auto rounded border border-slate-200 bg-white p-3 text-sm">
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rebuilt from an allowlist by previewHtml (no script, no handler, safe URLs only). */}
        <div dangerouslySetInnerHTML={{ __html: preview }} />
      </section>
    </div>
  );
}
