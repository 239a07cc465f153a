import { useState, type FormEvent } from 'react';
import { t } from '~/lib/i18n/messages/admin-messages';
import { adminClassNoticePost, adminClassNotices, NOTICE_BODY_MAX, NOTICE_TITLE_MAX, type ClassNotice } from '~/lib/api/contracts/admin-messages';
import { staffSend } from '~/lib/api/staff-client';
import { schemaErrors } from '~/lib/forms/check';
import { noticeForm } from '~/lib/forms/messages';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import { formatDateTime } from '~/lib/time/cst';
import { Button, LoadState, Section, fieldClass, useLoaded } from '../shared';
import { FieldBox, toastFailure } from '../kit';

/**
 * A class's notices (班级通知) on its screen: the ones written, newest first, and a form that
 * writes one to every student of the class, asked first with how many it reaches. The server
 * checks the class scope (a teacher's own classes) and the fields again.
 */

const BLANK = { title: '', body: '', urgent: false };

export function ClassNotices({ classId, studentCount }: { classId: string; studentCount: number }) {
  const notices = useLoaded(() => staffSend(adminClassNotices, {}, { params: { id: classId } }));
  const [writing, setWriting] = useState(false);
  return (
    <Section
      title={t('notices.title')}
      actions={
        !writing && (
          <Button kind="primary" onClick={() => setWriting(true)}>
            {t('notices.new')}
          </Button>
        )
      }
    >
      <p className="mb-3 text-sm text-muted">{t('notices.hint')}</p>
      {writing && (
        <NoticeForm
          classId={classId}
          studentCount={studentCount}
          onCancel={() => setWriting(false)}
          onSent={() => {
            setWriting(false);
            notices.reload();
          }}
        />
      )}
      {notices.data ? <NoticeList notices={notices.data} /> : <LoadState error={notices.error} onRetry={notices.reload} />}
    </Section>
  );
}

function NoticeList({ notices }: { notices: ClassNotice[] }) {
  if (notices.length === 0) return <p className="text-sm text-muted">{t('notices.empty')}</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label={t('notices.title')}>
      {notices.map((n) => (
        <li key={n.id} className="p-3">
          <p className="flex flex-wrap items-center gap-2">
            {n.urgent && <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs text-red-800">{t('notices.urgentTag')}</span>}
            <span className="font-medium">{n.title}</span>
          </p>
          <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">{n.body}</p>
          <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-muted">
            <span>{t('notices.by', { name: n.authorName, time: formatDateTime(n.createdAt) })}</span>
            <span>{t('notices.recipients', { n: n.recipients })}</span>
            {n.urgent && <span>{t('notices.smsCount', { n: n.smsQueued })}</span>}
          </p>
        </li>
      ))}
    </ul>
  );
}

function NoticeForm({ classId, studentCount, onCancel, onSent }: { classId: string; studentCount: number; onCancel: () => void; onSent: () => void }) {
  const [v, setV] = useState(BLANK);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = schemaErrors(noticeForm, v);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const ask = t(v.urgent ? 'notices.confirmUrgent' : 'notices.confirm', { n: studentCount, title: v.title.trim() });
    if (!(await confirmDialog(ask))) return;
    setBusy(true);
    try {
      const r = await staffSend(adminClassNoticePost, v, { params: { id: classId } });
      toast(r.urgent ? t('notices.sentSms', { n: r.recipients, sms: r.smsQueued }) : t('notices.sent', { n: r.recipients }), 'success');
      setV(BLANK);
      onSent();
    } catch (err) {
      toastFailure(err);
    } finally {
      setBusy(false);
    }
  }

  const described = (field: string) => (errors[field] ? { 'aria-invalid': true, 'aria-describedby': `notice-${field}-error` } : {});
  return (
    <form onSubmit={submit} noValidate className="mb-4 grid gap-3 rounded-lg border border-slate-200 p-3" aria-label={t('notices.new')}>
      <FieldBox id="notice-title" label={t('notices.field.title')} error={errors['title']}>
        <input
          id="notice-title"
          maxLength={NOTICE_TITLE_MAX}
          className={fieldClass}
          value={v.title}
          onChange={(e) => setV({ ...v, title: e.target.value })}
          {...described('title')}
        />
      </FieldBox>
      <FieldBox id="notice-body" label={t('notices.field.body')} error={errors['body']}>
        <textarea
          id="notice-body"
          rows={4}
          maxLength={NOTICE_BODY_MAX}
          className={fieldClass}
          value={v.body}
          onChange={(e) => setV({ ...v, body: e.target.value })}
          {...described('body')}
        />
      </FieldBox>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={v.urgent} onChange={(e) => setV({ ...v, urgent: e.target.checked })} />
        {t('notices.field.urgent')}
      </label>
      <p className="flex gap-2">
        <Button onClick={onCancel}>{t('notices.cancel')}</Button>
        <Button kind="primary" type="submit" disabled={busy}>
          {t('notices.send')}
        </Button>
      </p>
    </form>
  );
}
