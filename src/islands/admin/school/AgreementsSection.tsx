import { lazy, Suspense, useEffect, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-school';
import * as api from '~/lib/api/contracts/admin-school';
import type { AgreementText } from '~/lib/api/contracts/admin-school';
import { staffSend } from '~/lib/api/staff-client';
import { toast } from '~/lib/toast';
import { Button, LoadState, Section, useLoaded } from '../shared';
import { failText } from './form-bits';
import { UPLOAD_PURPOSE } from '~/lib/uploads';
import { agreementTooLong, RICH_TEXT_MAX_CHARS } from '~/lib/forms/school';

/** The staff side's one rich-text editor (decision 037), loaded only when this screen shows it. */
const RichTextEditor = lazy(() => import('../editor/RichTextEditor'));

/** The user agreement and privacy policy (/agreement/service, /agreement/privacy): the school's own text, or the portal's default. */

function AgreementEditor({ agreement, onSaved }: { agreement: AgreementText; onSaved: (a: AgreementText) => void }) {
  const name = t(`school.agreements.${agreement.kind}`);
  const [html, setHtml] = useState(agreement.html ?? agreement.defaultHtml);
  const [busy, setBusy] = useState(false);
  // Each save starts the editor again from the text the server kept (sanitised).
  const [version, setVersion] = useState(0);
  // The editor is rendered in the browser only (a lazy component rendered on the server would stream an inline script the CSP refuses).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const error = html.length > RICH_TEXT_MAX_CHARS ? agreementTooLong : null;

  async function save(text: string) {
    setBusy(true);
    try {
      const saved = await staffSend(api.saveAgreement, { kind: agreement.kind, html: text });
      setHtml(saved.html ?? saved.defaultHtml);
      setVersion((v) => v + 1);
      onSaved(saved);
      toast(t('school.agreements.saved', { name }), 'success');
    } catch (e) {
      toast(failText(e, t('common.systemBusy')), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mb-6">
      <div className="mb-2 flex flex-wrap items-center gap-3">
        <h3 className="text-base font-semibold text-ink">{name}</h3>
        {agreement.html === null && <span className="text-xs text-slate-600">{t('school.agreements.usingDefault')}</span>}
        <a href={`/agreement/${agreement.kind}`} target="_blank" rel="noopener" className="text-sm text-brand underline">
          /agreement/{agreement.kind}
        </a>
      </div>
      {mounted ? (
        <Suspense fallback={<p className="text-sm text-slate-600">{t('school.agreements.loading')}</p>}>
          <RichTextEditor
            key={version}
            label={t('school.agreements.html', { name })}
            value={html}
            onChange={setHtml}
            uploadPurpose={UPLOAD_PURPOSE.contentImage}
          />
        </Suspense>
      ) : (
        <p className="text-sm text-slate-600">{t('school.agreements.loading')}</p>
      )}
      {error ? (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-3">
        <Button kind="primary" onClick={() => void save(html)} disabled={busy || error !== null}>
          {t('school.admin.save')}
        </Button>
        <Button onClick={() => void save('')} disabled={busy || agreement.html === null}>
          {t('school.agreements.useDefault')}
        </Button>
      </div>
    </div>
  );
}

export function AgreementsSection() {
  const list = useLoaded(() => staffSend(api.agreements, {}));
  const replace = (a: AgreementText) => list.set((list.data ?? []).map((x) => (x.kind === a.kind ? a : x)));
  return (
    <Section title={t('school.agreements.title')}>
      {list.data === null ? (
        <LoadState error={list.error} onRetry={list.reload} />
      ) : (
        list.data.map((a) => <AgreementEditor key={`${a.kind}-${a.html === null}`} agreement={a} onSaved={replace} />)
      )}
    </Section>
  );
}
