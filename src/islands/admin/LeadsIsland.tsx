import { useState } from 'react';
import { t } from '~/lib/i18n/messages/admin';
import * as staff from '~/lib/api/contracts/staff';
import type { LeadInfo, LeadQuery, StaffMe } from '~/lib/api/contracts/staff';
import { setCsrfToken, staffDownload, staffSend } from '~/lib/api/staff-client';
import { LEAD_NOTE_MAX, LEAD_STATE, LEAD_STATES, type LeadState } from '~/lib/staff/leads';
import { mayCall } from '~/lib/staff/access';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import { useForm } from '../shared/use-form';
import { FormMessage, SubmitButton } from '../shared/fields';
import { TextAreaField } from '../shared/text-area-field';
import { Modal } from '../shared/Modal';
import { Button, detailRow, PageTitle, Section, timeText } from './shared';
import { FilterBar, PagedList, filledIn, toastFailure, useListScreen, withRow, type Column, type FilterField } from './kit';
import { EnrolChoice } from './students/EnrolChoice';

/**
 * Consult leads (/admin/leads, administrators and content editors): the messages visitors left,
 * newest first, 20 a page, filtered by days (China Standard Time), state, product and name or
 * mobile. A lead opens in a dialog with the whole message; staff call back (the mobile is whole
 * and a tel: link), then mark it handled with a note, or re-open it; an administrator's 转为学员
 * makes the person the school's student in a chosen class (once: the lead is then 已转为学员 and
 * links to the student). 导出 CSV downloads the list as filtered (every page).
 */
const PAGE_SIZE = 20;

const stateLabel = (state: LeadState) => t(`admin.leads.state.${state}`);
const STATE_OPTIONS = LEAD_STATES.map((s) => [s, stateLabel(s)] as const);
const BLANK = { from: '', to: '', state: '', productId: '', q: '' };
const FIRST: LeadQuery = { current: 1, size: PAGE_SIZE };
/** The longest name or mobile searched for. */
const SEARCH_MAX = 20;

/** The query the filters ask for (blank fields left out). */
function queryOf(values: typeof BLANK): LeadQuery {
  const { state, ...rest } = filledIn(values);
  return { ...FIRST, ...rest, ...(state !== undefined ? { state: Number(state) as LeadState } : {}) };
}

/** Each state's colour in the list: waiting, done, became a student. */
const STATE_CLASS: Record<LeadState, string> = {
  [LEAD_STATE.new]: 'text-orange-800',
  [LEAD_STATE.handled]: 'text-green-800',
  [LEAD_STATE.converted]: 'text-blue-800',
};

const handledText = (l: LeadInfo) => (l.handledByName ? `${l.handledByName} ${timeText(l.handledAt)}` : '-');

export default function LeadsIsland({ me }: { me: StaffMe }) {
  setCsrfToken(me.csrfToken);
  const leads = useListScreen((q: LeadQuery) => staffSend(staff.leads, q), FIRST);
  const [open, setOpen] = useState<LeadInfo | null>(null);
  const [exporting, setExporting] = useState(false);

  /** Downloads the list as filtered (every page); a refusal (too many, session gone) is said, not saved. */
  async function download() {
    setExporting(true);
    try {
      const { current: _page, size: _size, ...filter } = leads.query;
      await staffDownload(staff.leadsExport, filter, `${t('admin.leads.title')}.csv`);
    } catch (e) {
      toastFailure(e);
    } finally {
      setExporting(false);
    }
  }

  /** Puts the server's lead in its row and in the dialog. */
  function replace(updated: LeadInfo) {
    if (leads.data) leads.set(withRow(leads.data, updated));
    setOpen(updated);
  }

  const filters: FilterField<keyof typeof BLANK>[] = [
    { name: 'from', label: t('admin.audit.from'), kind: 'date' },
    { name: 'to', label: t('admin.audit.to'), kind: 'date' },
    { name: 'state', label: t('admin.leads.state'), kind: 'select', any: t('admin.leads.anyState'), options: STATE_OPTIONS },
    {
      name: 'productId',
      label: t('admin.leads.product'),
      kind: 'select',
      any: t('admin.leads.anyProduct'),
      options: (leads.data?.products ?? []).map((p) => [p.id, p.name] as const),
    },
    { name: 'q', label: t('admin.accounts.search'), kind: 'search', maxLength: SEARCH_MAX },
  ];
  const columns: Column<LeadInfo>[] = [
    { header: t('admin.leads.colTime'), cell: (l) => timeText(l.createdAt), className: 'whitespace-nowrap' },
    { header: t('admin.leads.colName'), cell: (l) => l.name },
    { header: t('admin.leads.colMobile'), cell: (l) => l.mobile, className: 'whitespace-nowrap' },
    { header: t('admin.leads.product'), cell: (l) => l.productName ?? '-' },
    {
      header: t('admin.leads.state'),
      cell: (l) => <span className={STATE_CLASS[l.state]}>{stateLabel(l.state)}</span>,
    },
    { header: t('admin.leads.colHandled'), cell: handledText },
    {
      header: t('admin.accounts.colActions'),
      cell: (l) => (
        <Button onClick={() => setOpen(l)}>
          {t('admin.leads.view')}
          <span className="sr-only">{l.name}</span>
        </Button>
      ),
    },
  ];

  return (
    <div>
      <PageTitle>{t('admin.leads.title')}</PageTitle>
      <Section title={t('admin.audit.filters')}>
        <FilterBar idPrefix="leads" fields={filters} blank={BLANK} grid="sm:grid-cols-2 lg:grid-cols-6 lg:items-end" onSearch={(v) => leads.go(queryOf(v))} />
      </Section>
      <Section
        title={t('admin.leads.list')}
        actions={
          <Button disabled={exporting} onClick={() => void download()}>
            {exporting ? t('admin.leads.exporting') : t('admin.leads.export')}
          </Button>
        }
      >
        <PagedList list={leads} label={t('admin.leads.list')} columns={columns} rowProps={(l) => ({ 'data-lead': l.id })} empty={t('admin.leads.empty')} />
      </Section>
      <Modal open={open !== null} title={t('admin.leads.detail')} onClose={() => setOpen(null)}>
        {open && <LeadDetail key={`${open.id}-${open.state}`} lead={open} onChanged={replace} mayConvert={mayCall(me.account.role, 'leadConvert')} />}
      </Modal>
    </div>
  );
}

function LeadDetail({ lead, onChanged, mayConvert }: { lead: LeadInfo; onChanged: (l: LeadInfo) => void; mayConvert: boolean }) {
  const form = useForm({
    initial: { note: '' },
    check: (_f, v) => {
      const text = typeof v === 'string' ? v.trim() : '';
      if (text === '') return t('admin.leads.noteRequired');
      return text.length > LEAD_NOTE_MAX ? t('admin.leads.noteTooLong', { n: LEAD_NOTE_MAX }) : null;
    },
  });
  const [busy, setBusy] = useState(false);
  const [converting, setConverting] = useState(false);

  async function convert(classId: string, periodId: string | null) {
    const done = await staffSend(staff.leadConvert, { classId, periodId }, { params: { id: lead.id } });
    toast(t(done.added ? 'admin.leads.converted' : 'admin.leads.convertedAlready', { name: lead.name, className: done.className }), 'success');
    onChanged(done.lead);
  }

  if (converting) {
    return (
      <EnrolChoice
        intro={t('admin.leads.convertIntro', { name: lead.name, mobile: lead.mobile })}
        submit={t('admin.leads.convert')}
        onEnrol={convert}
        onCancel={() => setConverting(false)}
      />
    );
  }

  async function reopen() {
    if (!(await confirmDialog(t('admin.leads.confirmReopen', { name: lead.name })))) return;
    setBusy(true);
    try {
      onChanged(await staffSend(staff.leadState, { state: LEAD_STATE.new }, { params: { id: lead.id } }));
      toast(t('admin.leads.reopened'), 'success');
    } catch (e) {
      toastFailure(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4 text-sm">
      <dl>
        {detailRow(t('admin.leads.colName'), lead.name)}
        {detailRow(
          t('admin.leads.colMobile'),
          <a href={`tel:${lead.mobile}`} className="text-brand hover:underline">
            {lead.mobile}
          </a>,
        )}
        {detailRow(t('admin.leads.colTime'), timeText(lead.createdAt))}
        {detailRow(t('admin.leads.product'), lead.productName ?? '-')}
        {detailRow(t('admin.leads.content'), <span className="whitespace-pre-wrap">{lead.content}</span>)}
        {detailRow(t('admin.leads.state'), stateLabel(lead.state))}
        {lead.handledByName && detailRow(t('admin.leads.colHandled'), handledText(lead))}
        {lead.note && detailRow(t('admin.leads.note'), <span className="whitespace-pre-wrap">{lead.note}</span>)}
        {lead.studentId &&
          detailRow(
            t('admin.leads.student'),
            <a href={`/admin/students?id=${encodeURIComponent(lead.studentId)}`} className="text-brand hover:underline">
              {t('admin.leads.openStudent')}
            </a>,
          )}
      </dl>
      {mayConvert && lead.state !== LEAD_STATE.converted && (
        <Button kind="primary" onClick={() => setConverting(true)}>
          {t('admin.leads.convert')}
        </Button>
      )}
      {lead.state === LEAD_STATE.converted ? null : lead.state === LEAD_STATE.new ? (
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
