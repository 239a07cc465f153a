import { useState, type FormEvent } from 'react';
import { t } from '~/lib/i18n/messages/admin-messages';
import {
  adminSmsSettings,
  adminSmsSettingsSave,
  DAILY_BUDGET_MAX,
  SIGN_NAME_MAX,
  TEMPLATE_CODE_MAX,
  type SmsSettings,
  type SmsSettingsInput,
} from '~/lib/api/contracts/admin-messages';
import { staffSend } from '~/lib/api/staff-client';
import { schemaErrors } from '~/lib/forms/check';
import { smsSettingsForm } from '~/lib/forms/messages';
import { toast } from '~/lib/toast';
import { formatDateTime } from '~/lib/time/cst';
import { Button, LoadState, Section, TableBox, fieldClass, td, th, useLoaded } from '../shared';
import { FieldBox, toastFailure } from '../kit';

/**
 * 短信设置 on 学校设置 (administrators): the school's 短信签名, its daily budget, which events send an
 * SMS and the gateway's template codes, with today's use and the last notification SMS and their
 * states. The server checks the fields again and audits the change.
 */

const inputOf = (s: SmsSettings): SmsSettingsInput => ({
  signName: s.signName,
  dailyBudget: s.dailyBudget,
  enrolledOn: s.enrolledOn,
  noticeOn: s.noticeOn,
  enrolledTemplate: s.enrolledTemplate,
  noticeTemplate: s.noticeTemplate,
});
const ENROLLED_PARAMS = 'name, className, school';
const NOTICE_PARAMS = 'name, className, title';

export function SmsSection() {
  const settings = useLoaded(() => staffSend(adminSmsSettings, {}));
  return (
    <div id="sms">
      <Section title={t('smsSettings.title')}>
        {settings.data ? <SmsForm initial={settings.data} onSaved={settings.set} /> : <LoadState error={settings.error} onRetry={settings.reload} />}
      </Section>
    </div>
  );
}

function SmsForm({ initial, onSaved }: { initial: SmsSettings; onSaved: (s: SmsSettings) => void }) {
  const [v, setV] = useState<SmsSettingsInput>(inputOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = schemaErrors(smsSettingsForm, v);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const saved = await staffSend(adminSmsSettingsSave, v);
      onSaved(saved);
      setV(inputOf(saved));
      toast(t('smsSettings.saved'), 'success');
    } catch (err) {
      toastFailure(err);
    } finally {
      setBusy(false);
    }
  }

  const text = (field: 'signName' | 'enrolledTemplate' | 'noticeTemplate', max: number) => (
    <input
      id={`sms-${field}`}
      maxLength={max}
      className={fieldClass}
      value={v[field]}
      onChange={(e) => setV({ ...v, [field]: e.target.value })}
      {...(errors[field] ? { 'aria-invalid': true, 'aria-describedby': `sms-${field}-error` } : {})}
    />
  );
  return (
    <>
      <p className="mb-3 text-sm text-muted">{t('smsSettings.hint')}</p>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2" aria-label={t('smsSettings.title')}>
        <FieldBox id="sms-signName" label={t('smsSettings.field.signName')} error={errors['signName']}>
          {text('signName', SIGN_NAME_MAX)}
          <span className="mt-1 block text-xs text-muted">{t('smsSettings.field.signNameHint', { name: initial.effectiveSignName })}</span>
        </FieldBox>
        <FieldBox id="sms-dailyBudget" label={t('smsSettings.field.dailyBudget')} error={errors['dailyBudget']}>
          <input
            id="sms-dailyBudget"
            type="number"
            min={0}
            max={DAILY_BUDGET_MAX}
            className={fieldClass}
            value={v.dailyBudget}
            onChange={(e) => setV({ ...v, dailyBudget: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
            {...(errors['dailyBudget'] ? { 'aria-invalid': true, 'aria-describedby': 'sms-dailyBudget-error' } : {})}
          />
          <span className="mt-1 block text-xs text-muted">{t('smsSettings.field.dailyBudgetHint', { n: initial.usedToday })}</span>
        </FieldBox>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={v.enrolledOn} onChange={(e) => setV({ ...v, enrolledOn: e.target.checked })} />
          {t('smsSettings.field.enrolledOn')}
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={v.noticeOn} onChange={(e) => setV({ ...v, noticeOn: e.target.checked })} />
          {t('smsSettings.field.noticeOn')}
        </label>
        <FieldBox id="sms-enrolledTemplate" label={t('smsSettings.field.enrolledTemplate')} error={errors['enrolledTemplate']}>
          {text('enrolledTemplate', TEMPLATE_CODE_MAX)}
          <span className="mt-1 block text-xs text-muted">{t('smsSettings.field.templateHint', { params: ENROLLED_PARAMS })}</span>
        </FieldBox>
        <FieldBox id="sms-noticeTemplate" label={t('smsSettings.field.noticeTemplate')} error={errors['noticeTemplate']}>
          {text('noticeTemplate', TEMPLATE_CODE_MAX)}
          <span className="mt-1 block text-xs text-muted">{t('smsSettings.field.templateHint', { params: NOTICE_PARAMS })}</span>
        </FieldBox>
        <p className="sm:col-span-2">
          <Button kind="primary" type="submit" disabled={busy}>
            {t('smsSettings.save')}
          </Button>
        </p>
      </form>
      <h3 className="mt-6 mb-2 text-base font-semibold text-ink">{t('smsSettings.recent')}</h3>
      {initial.recent.length === 0 ? (
        <p className="text-sm text-muted">{t('smsSettings.recentEmpty')}</p>
      ) : (
        <TableBox label={t('smsSettings.recent')}>
          <thead>
            <tr>
              <th className={th}>{t('smsSettings.col.to')}</th>
              <th className={th}>{t('smsSettings.col.kind')}</th>
              <th className={th}>{t('smsSettings.col.state')}</th>
              <th className={th}>{t('smsSettings.col.time')}</th>
            </tr>
          </thead>
          <tbody>
            {initial.recent.map((r) => (
              <tr key={r.id}>
                <td className={td}>{r.to}</td>
                <td className={td}>{t(`smsSettings.kind.${r.kind}`)}</td>
                <td className={td}>
                  {t(`smsSettings.state.${r.state}`)}
                  {r.error && <span className="block text-xs text-red-700">{r.error}</span>}
                </td>
                <td className={td}>{formatDateTime(r.sentAt ?? r.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </TableBox>
      )}
    </>
  );
}
