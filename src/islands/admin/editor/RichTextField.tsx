import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-content';
import { UPLOAD_PURPOSE, type UploadPurpose } from '~/lib/uploads';
import { EDITOR_BOX } from './box';

/** The staff side's one rich-text editor (decision 037), loaded only when a form shows it. */
const RichTextEditor = lazy(() => import('./RichTextEditor'));

/**
 * A rich-text field of a staff form: the shared editor, rendered in the browser only (a lazy
 * component rendered on the server would stream an inline script the CSP refuses), its refusal
 * below it. The editor starts from `value`; when the form puts another text in (another item
 * opened, a reset, the server's sanitised text after a save) the editor starts again from it.
 */
export function RichTextField({
  label,
  value,
  onValue,
  error,
  uploadPurpose = UPLOAD_PURPOSE.contentImage,
}: {
  label: string;
  value: string;
  onValue: (html: string) => void;
  error?: string | null | undefined;
  uploadPurpose?: UploadPurpose;
}) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  // What the editor itself last said: any other value came from outside and restarts it.
  const said = useRef(value);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (value !== said.current) {
      said.current = value;
      setVersion((v) => v + 1);
    }
  }, [value]);
  const change = (html: string) => {
    said.current = html;
    onValue(html);
  };
  // The label and the editor's box while its code loads: the same size, so nothing below it moves.
  const loading = (
    <div>
      <span className="mb-1 block text-sm font-medium text-ink">{label}</span>
      <div className={EDITOR_BOX}>
        <p className="px-4 py-3 text-sm text-slate-600">{t('adminContent.loading')}</p>
      </div>
    </div>
  );
  return (
    <div>
      {mounted ? (
        <Suspense fallback={loading}>
          <RichTextEditor key={version} label={label} value={value} onChange={change} uploadPurpose={uploadPurpose} />
        </Suspense>
      ) : (
        loading
      )}
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
