import { useState, type ReactNode } from 'react';
import { t } from '~/lib/i18n/messages/admin';
import * as staff from '~/lib/api/contracts/staff';
import type { LeadInfo, LeadQuery, StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffDownload, staffSend } from '~/lib/api/staff-client';
import { LEAD_NOTE_MAX, LEAD_STATE, LEAD_STATES, type LeadState } from '~/lib/staff/leads';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import { useForm } from '../shared/use-form';
import { FormMessage, SubmitButton, TextAreaField } from '../shared/fields';
import { Modal } from '../shared/Modal';
import { Button, LoadState, PageTitle, Pager, Section, TableBox, fieldClass, td, th, timeText, usePaged } from './shared';

/**
 * Consult leads (/admin/leads, administrators and content editors): the messages visitors left,
 * newest first, 20 a page, filtered by days (China Standard Time), state, product and name or
 * mobile. A lead opens in a dialog with the whole message; staff call back (the mobile is whole
 * and a tel: link), then mark it handled with a note, or re-open it. 导出 CSV downloads the list
 * as filtered (every page).
 */
const PAGE_SIZE = 20;

const stateLabel = (state: LeadState) => t(`admin.leads.state.${state}`);
const EMPTY_FILTER = { from: '', to: '', state: '', productId: '', q: '' };
type Filter = typeof EMPTY_FILTER;

/** The query a filter asks for (blank fields left out). */
function queryOf(f: Filter): Omit<LeadQuery, 'current' | 'size'> {
  const q: Omit<LeadQuery, 'current' | 'size'> = {};
  if (f.from) q.from = f.from;
  if (f.to) q.to = f.to;
  if (f.state !== '') q.state = Number(f.state) as LeadState;
  if (f.productId) q.productId = f.productId;
  if (f.q.trim()) q.q = f.q.trim();
  return q;
}

export default function LeadsIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const [draft, setDraft] = useState<Filter>(EMPTY_FILTER);
  const leads = usePaged((q: LeadQuery) => staffSend(staff.leads, q), { current: 1, size: PAGE_SIZE } as LeadQuery);
  const [open, setOpen] = useState<LeadInfo | null>(null);
  const [exporting, setExporting] = useState(false);

  /** Downloads the list as filtered (every page); a refusal (too many, session gone) is said, not saved. */
  async function download() {
    setExporting(true);
    try {
      const { current: _page, size: _size, ...filter } = leads.query;
      await staffDownload(staff.leadsExport, filter, `${t('admin.leads.title')}.csv`);
    } catch (e) {
      toast(e instanceof Error ? e.message : t('common.systemBusy'), 'error');
    } finally {
      setExporting(false);
    }
  }

  /** Puts the server's lead in its row and in the dialog. */
  function replace(updated: LeadInfo) {
    if (leads.data) leads.set({ ...leads.data, records: leads.data.records.map((l) => (l.id === updated.id ? updated : l)) });
    setOpen(updated);
  }

  return (
    <div>
      <PageTitle>{t('admin.leads.title')}</PageTitle>
      <Section title={t('admin.audit.filters')}>
        <form
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            leads.go({ current: 1, size: PAGE_SIZE, ...queryOf(draft) });
          }}
        >
          <div>
            <label htmlFor="leads-from" className="mb-1 block text-sm font-medium">
              {t('admin.audit.from')}
            </label>
            <input id="leads-from" type="date" className={fieldClass} value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
          </div>
          <div>
            <label htmlFor="leads-to" className="mb-1 block text-sm font-medium">
              {t('admin.audit.to')}
            </label>
            <input id="leads-to" type="date" className={fieldClass} value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
          </div>
          <div>
            <label htmlFor="leads-state" className="mb-1 block text-sm font-medium">
              {t('admin.leads.state')}
            </label>
            <select id="leads-state" className={fieldClass} value={draft.state} onChange={(e) => setDraft({ ...draft, state: e.target.value })}>
              <option value="">{t('admin.leads.anyState')}</option>
              {LEAD_STATES.map((s) => (
                <option key={s} value={s}>
                  {stateLabel(s)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="leads-product" className="mb-1 block text-sm font-medium">
              {t('admin.leads.product')}
            </label>
            <select id="leads-product" className={fieldClass} value={draft.productId} onChange={(e) => setDraft({ ...draft, productId: e.target.value })}>
              <option value="">{t('admin.leads.anyProduct')}</option>
              {(leads.data?.products ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="leads-q" className="mb-1 block text-sm font-medium">
              {t('admin.accounts.search')}
            </label>
            <input
              id="leads-q"
              type="search"
              maxLength={20}
              className={fieldClass}
              value={draft.q}
              onChange={(e) => setDraft({ ...draft, q: e.target.value })}
            />
          </div>
          <div className="flex gap-2">
            <Button kind="primary" type="submit">
              {t('admin.audit.search')}
            </Button>
            <Button
              onClick={() => {
                setDraft(EMPTY_FILTER);
                leads.go({ current: 1, size: PAGE_SIZE });
              }}
            >
              {t('admin.audit.reset')}
            </Button>
          </div>
        </form>
      </Section>
      <Section
        title={t('admin.leads.list')}
        actions={
          <Button disabled={exporting} onClick={() => void download()}>
            {exporting ? t('admin.leads.exporting') : t('admin.leads.export')}
          </Button>
        }
      >
        {!leads.data ? (
          <LoadState error={leads.error} onRetry={leads.reload} />
        ) : leads.data.records.length === 0 ? (
          <p className="text-sm text-muted">{t('admin.leads.empty')}</p>
        ) : (
          <>
            <TableBox label={t('admin.leads.list')}>
              <thead>
                <tr>
                  <th className={th}>{t('admin.leads.colTime')}</th>
                  <th className={th}>{t('admin.leads.colName')}</th>
                  <th className={th}>{t('admin.leads.colMobile')}</th>
                  <th className={th}>{t('admin.leads.product')}</th>
                  <th className={th}>{t('admin.leads.state')}</th>
                  <th className={th}>{t('admin.leads.colHandled')}</th>
                  <th className={th}>{t('admin.accounts.colActions')}</th>
                </tr>
              </thead>
              <tbody>
                {leads.data.records.map((l) => (
                  <tr key={l.id} data-lead={l.id}>
                    <td className={`${td} whitespace-nowrap`}>{timeText(l.createdAt)}</td>
                    <td className={td}>{l.name}</td>
                    <td className={`${td} whitespace-nowrap`}>{l.mobile}</td>
                    <td className={td}>{l.productName ?? '-'}</td>
                    <td className={td}>
                      <span className={l.state === LEAD_STATE.new ? 'text-orange-800' : 'text-green-800'}>{stateLabel(l.state)}</span>
                    </td>
                    <td className={td}>{l.handledByName ? `${l.handledByName} ${timeText(l.handledAt)}` : '-'}</td>
                    <td className={td}>
                      <Button onClick={() => setOpen(l)}>
                        {t('admin.leads.view')}
                        <span className="sr-only">{l.name}</span>
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </TableBox>
            <Pager page={leads.data} onPage={(current) => leads.go({ ...leads.query, current })} />
          </>
        )}
      </Section>
      <Modal open={open !== null} title={t('admin.leads.detail')} onClose={() => setOpen(null)}>
        {open && <LeadDetail key={`${open.id}-${open.state}`} lead={open} onChanged={replace} />}
      </Modal>
    </div>
  );
}

function LeadDetail({ lead, onChanged }: { lead: LeadInfo; onChanged: (l: LeadInfo) => void }) {
  const form = useForm({
    initial: { note: '' },
    check: (_f, v) => {
      const text = typeof v === 'string' ? v.trim() : '';
      if (text === '') return t('admin.leads.noteRequired');
      return text.length > LEAD_NOTE_MAX ? t('admin.leads.noteTooLong', { n: LEAD_NOTE_MAX }) : null;
    },
  });
  const [busy, setBusy] = useState(false);

  async function reopen() {
    if (!(await confirmDialog(t('admin.leads.confirmReopen', { name: lead.name })))) return;
    setBusy(true);
    try {
      onChanged(await staffSend(staff.leadState, { state: LEAD_STATE.new }, { params: { id: lead.id } }));
      toast(t('admin.leads.reopened'), 'success');
    } catch (e) {
      toast(e instanceof Error ? e.message : t('common.systemBusy'), 'error');
    } finally {
      setBusy(false);
    }
  }

  const row = (label: string, value: ReactNode) => (
    <div className="grid grid-cols-[6rem_1fr] gap-2 py-1">
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{value}</dd>
    </div>
  );
  return (
    <div className="space-y-4 text-sm">
      <dl>
        {row(t('admin.leads.colName'), lead.name)}
        {row(
          t('admin.leads.colMobile'),
          <a href={`tel:${lead.mobile}`} className="text-brand hover:underline">
            {lead.mobile}
          </a>,
        )}
        {row(t('admin.leads.colTime'), timeText(lead.createdAt))}
        {row(t('admin.leads.product'), lead.productName ?? '-')}
        {row(t('admin.leads.content'), <span className="whitespace-pre-wrap">{lead.content}</span>)}
        {row(t('admin.leads.state'), stateLabel(lead.state))}
        {lead.handledByName && row(t('admin.leads.colHandled'), `${lead.handledByName} ${timeText(lead.handledAt)}`)}
        {lead.note && row(t('admin.leads.note'), <span className="whitespace-pre-wrap">{lead.note}</span>)}
      </dl>
      {lead.state === LEAD_STATE.new ? (
        <form
          noValidate
          className="space-y-3"
          aria-label={t('admin.leads.markHandled')}
          onSubmit={form.onSubmit(['note'], async (v) => {
            onChanged(await staffSend(staff.leadState, { state: LEAD_STATE.handled, note: v.note.trim() }, { params: { id: lead.id } }));
            toast(t('admin.leads.handled'), 'success');
          })}
        >
          <TextAreaField {...form.field('note')} label={t('admin.leads.note')} rows={3} maxLength={LEAD_NOTE_MAX} />
          <FormMessage text={form.notice?.text ?? null} />
          <div className="max-w-48">
            <SubmitButton busy={form.submitting} text={t('admin.leads.markHandled')} busyText={t('admin.leads.saving')} />
          </div>
        </form>
      ) : (
        <Button disabled={busy} onClick={() => void reopen()}>
          {t('admin.leads.reopen')}
        </Button>
      )}
    </div>
  );
}
