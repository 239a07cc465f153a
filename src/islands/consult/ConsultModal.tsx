import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { send } from '~/lib/api/client';
import { saveClue } from '~/lib/api/contracts/leads';
import { t } from '~/lib/i18n/messages/consult';
import { toast } from '~/lib/toast';
import { $consultOpen, closeConsult } from '~/lib/stores/ui';
import { $consultProduct } from '~/lib/stores/consult';
import { $session, ensureVisitor } from '~/lib/stores/session';
import { CONSULT_FIELDS, CONSULT_LIMITS, consultFieldError, type ConsultForm } from '~/lib/rules/consult';
import { MOBILE_INPUT, NAME_INPUT, SMS_CODE_INPUT, SubmitButton, TextField } from '../shared/fields';
import { TextAreaField } from '../shared/text-area-field';
import { useEvent } from '../shared/use-event';
import { useForm } from '../shared/use-form';
import SmsCodeButton from './SmsCodeButton';

/** The opening of a message about a product, within the content limit. */
function productMessage(name: string): string {
  const text = t('consult.productMessage', { name });
  return text.length <= CONSULT_LIMITS.contentMax ? text : text.slice(0, CONSULT_LIMITS.contentMax);
}

const EMPTY: ConsultForm = { name: '', mobile: '', code: '', content: '' };

/**
 * The consult modal (留言咨询): closed, open, submitting. Opened from anywhere with
 * $consultOpen (src/lib/stores/ui.ts). A native modal <dialog>: focus stays inside, Escape closes,
 * focus returns to what opened it. On success: toast 提交成功, the form resets, the modal closes.
 * Opened from a product ($consultProduct), it names the product and starts the message with it
 * (the visitor sees and may edit what is sent).
 */
export default function ConsultModal() {
  const open = useStore($consultOpen);
  const product = useStore($consultProduct);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const form = useForm({ initial: EMPTY, check: consultFieldError });
  const { notice } = form;
  const ids = { title: form.id('title'), intro: form.id('intro'), notice: form.id('notice'), product: form.id('product') };

  // The store opens and closes the dialog; opening it reads the form as it is then.
  const showDialog = useEvent((shown: boolean) => {
    const d = dialog.current;
    if (!d) return;
    if (shown && !d.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      // A consult about a product starts its message with the product (unless the visitor wrote one).
      const about = $consultProduct.get();
      if (about && !form.values.content.trim()) form.change('content', productMessage(about.name));
      d.showModal();
      document.getElementById(form.id('name'))?.focus();
    } else if (!shown && d.open) {
      d.close();
    }
  });
  useEffect(() => {
    showDialog(open);
  }, [open, showDialog]);

  // Escape, the close button and a successful submit all end in the dialog's close event.
  function onClose() {
    closeConsult();
    // The product belongs to this opening only; an untouched product message goes with it.
    const about = $consultProduct.get();
    if (about && form.values.content === productMessage(about.name)) form.change('content', '');
    $consultProduct.set(null);
    form.setNotice(null);
    const back = opener.current;
    opener.current = null;
    if (back?.isConnected) back.focus();
  }

  const submit = form.onSubmit(CONSULT_FIELDS, async (v) => {
    const session = $session.get();
    const clueId = session.user?.userId ?? ensureVisitor();
    const about = $consultProduct.get();
    const lead = { clueId, name: v.name.trim(), mobile: v.mobile.trim(), code: v.code.trim(), content: v.content.trim() };
    await send(saveClue, about ? { ...lead, productId: about.id } : lead, { silent: true });
    form.reset(EMPTY);
    dialog.current?.close();
    toast(t('consult.submitted'), 'success');
  });

  const field = (f: keyof ConsultForm, label: string, placeholder: string) => ({
    ...form.marked(f, label, placeholder),
    look: 'compact' as const,
    onBlur: () => form.blur(f),
  });

  return (
    <dialog
      ref={dialog}
      aria-labelledby={ids.title}
      aria-describedby={product ? `${ids.intro} ${ids.product}` : ids.intro}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      <form noValidate onSubmit={submit} aria-busy={form.submitting || undefined} className="p-5">
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
        {product && (
          <p id={ids.product} className="mb-4 rounded-lg bg-brand-soft px-3 py-2 text-sm text-brand-dark" data-consult-product>
            {t('consult.product', { name: product.name })}
          </p>
        )}

        <div className="space-y-3">
          <TextField {...field('name', t('consult.name'), t('consult.namePlaceholder'))} {...NAME_INPUT} maxLength={CONSULT_LIMITS.nameMax} />
          <TextField {...field('mobile', t('consult.mobile'), t('consult.mobilePlaceholder'))} {...MOBILE_INPUT} maxLength={CONSULT_LIMITS.mobileMax} />
          <TextField
            {...field('code', t('consult.code'), t('consult.codePlaceholder'))}
            {...SMS_CODE_INPUT}
            maxLength={CONSULT_LIMITS.codeMax}
            after={<SmsCodeButton mobile={form.values.mobile} onMessage={(text, kind) => form.setNotice({ text, kind })} />}
          />
          <TextAreaField {...field('content', t('consult.content'), t('consult.contentPlaceholder'))} rows={4} maxLength={CONSULT_LIMITS.contentMax} />
        </div>

        <p
          id={ids.notice}
          role="status"
          aria-live="polite"
          className={`mt-3 min-h-5 text-sm ${notice?.kind === 'error' || notice?.kind === 'warning' ? 'text-red-700' : 'text-green-800'}`}
        >
          {notice?.text}
        </p>

        <SubmitButton busy={form.submitting} text={t('consult.submit')} busyText={t('consult.submitting')} className="mt-2" />
      </form>
    </dialog>
  );
}
