import { useId } from 'react';
import { t } from '~/lib/i18n/messages/admin-catalog';
import { inputClass } from '../../shared/fields';

/**
 * The one rich-text field of the catalogue forms (a product's or a question's HTML): a textarea
 * with a live preview. The preview is an iframe sandboxed without scripts, so whatever is typed
 * never runs on the staff page; the server sanitises the HTML when it is saved and when it is shown,
 * and the preview shows what the staff typed before that. The shared editor replaces the textarea
 * here, in this one file.
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
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onValue(e.target.value)}
        className={`${inputClass(!!error)} resize-y font-mono text-xs`}
      />
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
      <p className="text-xs text-slate-500">{t('catalog.previewNote')}</p>
      <iframe
        title={t('catalog.preview')}
        sandbox=""
        srcDoc={`<!doctype html><meta charset="utf-8"><body style="font:14px/1.6 system-ui,sans-serif;margin:8px">${value}</body>`}
        className="h-32 w-full rounded border border-slate-200 bg-white"
      />
    </div>
  );
}
