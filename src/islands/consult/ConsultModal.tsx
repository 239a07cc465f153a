import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { post } from '~/lib/api/client';
import { FieldError, RequiredLabel } from '../shared/fields';
import { t } from '~/lib/i18n';
import { toast, type ToastKind } from '~/lib/toast';
import { $consultOpen, closeConsult } from '~/lib/stores/ui';
import { $session, ensureVisitor } from '~/lib/stores/session';
import { CONSULT_FIELDS, CONSULT_LIMITS, consultErrors, consultFieldError, type ConsultField } from '~/lib/rules/consult';
import SmsCodeButton from './SmsCodeButton';

export const SAVE_CLUE_PATH = '/api/universityAdvertise/anyUser/clue/saveClue';

type Values = Record<ConsultField, string>;
const EMPTY: Values = { name: '', mobile: '', code: '', content: '' };

/**
 * The consult modal (留言咨询): closed, open, submitting. Opened from anywhere with
 * $consultOpen (src/lib/stores/ui.ts). A native modal <dialog>: focus stays inside, Escape closes,
 * focus returns to what opened it. On success: toast 提交成功, the form resets, the modal closes.
 */
export default function ConsultModal() {
  const open = useStore($consultOpen);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<ConsultField, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<{ text: string; kind: ToastKind } | null>(null);
  const uid = useId();
  const ids = {
    title: `${uid}-title`,
    intro: `${uid}-intro`,
    notice: `${uid}-notice`,
    field: (f: ConsultField) => `${uid}-${f}`,
    error: (f: ConsultField) => `${uid}-${f}-error`,
  };

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      d.showModal();
      document.getElementById(ids.field('name'))?.focus();
    } else if (!open && d.open) {
      d.close();
    }
  }, [open]);

  // Escape, the close button and a successful submit all end in the dialog's close event.
  function onClose() {
    closeConsult();
    setNotice(null);
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) back.focus();
  }

  function change(field: ConsultField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: consultFieldError(field, value) ?? undefined }));
  }

  function blur(field: ConsultField) {
    // Validate a field once the visitor has left it with something typed (not on the way through).
    if (values[field] !== '' || errors[field]) setErrors((e) => ({ ...e, [field]: consultFieldError(field, values[field]) ?? undefined }));
  }

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found = consultErrors(values);
    setErrors(found);
    const first = CONSULT_FIELDS.find((f) => found[f]);
    if (first) {
      document.getElementById(ids.field(first))?.focus();
      return;
    }
    setSubmitting(true);
    setNotice(null);
    try {
      const session = $session.get();
      const clueId = session.user?.userId ?? ensureVisitor();
      await post(
        SAVE_CLUE_PATH,
        { clueId, name: values.name.trim(), mobile: values.mobile.trim(), code: values.code.trim(), content: values.content.trim() },
        { silent: true },
      );
      setValues(EMPTY);
      setErrors({});
      dialog.current?.close();
      toast(t('consult.submitted'), 'success');
    } catch (error) {
      setNotice({ text: error instanceof Error && error.message ? error.message : t('common.systemBusy'), kind: 'error' });
    } finally {
      setSubmitting(false);
    }
  }

  const field = (f: ConsultField) => ({
    id: ids.field(f),
    name: f,
    value: values[f],
    'aria-required': true,
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f] ? ids.error(f) : undefined,
    onBlur: () => blur(f),
  });
  const inputClass = (f: ConsultField) =>
    `w-full min-w-0 rounded-lg border px-3 py-2 text-sm outline-none focus:border-brand ${errors[f] ? 'border-red-600' : 'border-slate-300'}`;
  const label = (f: ConsultField, text: string) => <RequiredLabel htmlFor={ids.field(f)} text={text} />;
  const error = (f: ConsultField) => <FieldError id={ids.error(f)} message={errors[f]} />;

  return (
    <dialog
      ref={dialog}
      aria-labelledby={ids.title}
      aria-describedby={ids.intro}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      <form noValidate onSubmit={submit} aria-busy={submitting || undefined} className="p-5">
        <div className="mb-1 flex items-start justify-between gap-3">
          <h2 id={ids.title} className="text-lg font-semibold">
            {t('consult.title')}
          </h2>
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            aria-label={t('consult.close')}
            className="-mr-2 -mt-1 rounded p-2 text-xl leading-none text-muted hover:text-ink"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <p id={ids.intro} className="mb-4 text-sm text-muted">
          {t('consult.intro')}
        </p>

        <div className="space-y-3">
          <div>
            {label('name', t('consult.name'))}
            <input
              {...field('name')}
              type="text"
              autoComplete="name"
              maxLength={CONSULT_LIMITS.nameMax}
              placeholder={t('consult.namePlaceholder')}
              onChange={(e) => change('name', e.target.value)}
              className={inputClass('name')}
            />
            {error('name')}
          </div>
          <div>
            {label('mobile', t('consult.mobile'))}
            <input
              {...field('mobile')}
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={CONSULT_LIMITS.mobileMax}
              placeholder={t('consult.mobilePlaceholder')}
              onChange={(e) => change('mobile', e.target.value)}
              className={inputClass('mobile')}
            />
            {error('mobile')}
          </div>
          <div>
            {label('code', t('consult.code'))}
            <div className="flex gap-2">
              <input
                {...field('code')}
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={CONSULT_LIMITS.codeMax}
                placeholder={t('consult.codePlaceholder')}
                onChange={(e) => change('code', e.target.value)}
                className={inputClass('code')}
              />
              <SmsCodeButton mobile={values.mobile} onMessage={(text, kind) => setNotice({ text, kind })} />
            </div>
            {error('code')}
          </div>
          <div>
            {label('content', t('consult.content'))}
            <textarea
              {...field('content')}
              rows={4}
              maxLength={CONSULT_LIMITS.contentMax}
              placeholder={t('consult.contentPlaceholder')}
              onChange={(e) => change('content', e.target.value)}
              className={`${inputClass('content')} resize-y`}
            />
            {error('content')}
          </div>
        </div>

        <p
          id={ids.notice}
          role="status"
          aria-live="polite"
          className={`mt-3 min-h-5 text-sm ${notice?.kind === 'error' || notice?.kind === 'warning' ? 'text-red-700' : 'text-green-800'}`}
        >
          {notice?.text}
        </p>

        <button
          type="submit"
          disabled={submitting}
          className="mt-2 w-full rounded-lg bg-brand py-2.5 text-sm font-medium text-white hover:bg-brand-dark disabled:opacity-70"
        >
          {submitting ? t('consult.submitting') : t('consult.submit')}
        </button>
      </form>
    </dialog>
  );
}
