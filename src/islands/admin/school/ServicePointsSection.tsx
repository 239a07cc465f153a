import { useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-school';
import * as api from '~/lib/api/contracts/admin-school';
import type { ServicePointAdmin, ServicePointInput } from '~/lib/api/contracts/admin-school';
import type { ServicePointType } from '~/lib/api/contracts/tenant';
import { staffSend } from '~/lib/api/staff-client';
import { confirmDialog } from '~/lib/confirm';
import { check } from '~/lib/rules/rule';
import * as rules from '~/lib/school/settings';
import { toast } from '~/lib/toast';
import { servicePointState } from '../../school/service-point-state';
import { Modal } from '../../shared/Modal';
import { Button, LoadState, Section, TableBox, td, th, useLoaded } from '../shared';
import { Choice, Field, failText } from './form-bits';

/**
 * Service points: their opening hours decide what the public page shows (营业中 or 休息中 at the
 * visitor's time, China Standard Time); here the state is shown as it is now. Ordered by 排序.
 */

const TYPES: readonly ServicePointType[] = ['TEACHING', 'EXAM', 'EVALUATE'];
const EMPTY: ServicePointInput = {
  name: '',
  type: 'TEACHING',
  startTime: '',
  endTime: '',
  mobile: '',
  provinceName: '',
  cityName: '',
  address: '',
  url: '',
  longitude: '',
  latitude: '',
  seq: 0,
};
const short = (time: string) => time.slice(0, 5);

function errorsOf(v: ServicePointInput): Record<string, string | null> {
  const hoursPair = (v.startTime.trim() === '') !== (v.endTime.trim() === '') ? t('school.points.hoursPair') : null;
  return {
    name: check(rules.plainText(t('school.points.field.name'), 60, true), v.name),
    startTime: check(rules.openingTimeRule, v.startTime),
    endTime: check(rules.openingTimeRule, v.endTime) ?? hoursPair,
    mobile: check(rules.contactPhoneRule, v.mobile),
    provinceName: check(rules.plainText(t('school.points.field.provinceName'), 30), v.provinceName),
    cityName: check(rules.plainText(t('school.points.field.cityName'), 30), v.cityName),
    address: check(rules.plainText(t('school.points.field.address'), 120), v.address),
    url: check(rules.webUrlRule, v.url),
    seq: Number.isInteger(v.seq) && v.seq >= 0 && v.seq <= 9999 ? null : t('school.points.badSeq'),
  };
}

function PointForm({ initial, onDone }: { initial: ServicePointAdmin | null; onDone: () => void }) {
  const [v, setV] = useState<ServicePointInput>(() => (initial ? { ...initial } : { ...EMPTY }));
  const [seqText, setSeqText] = useState(String(initial?.seq ?? 0));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = errorsOf(v);
  const err = (k: string) => (tried ? errors[k] : null);
  const set = (k: keyof ServicePointInput) => (value: string) => setV((o) => ({ ...o, [k]: value }));

  async function submit() {
    setTried(true);
    if (Object.values(errors).some(Boolean)) return;
    setBusy(true);
    try {
      if (initial) await staffSend(api.updateServicePoint, v, { params: { id: initial.id } });
      else await staffSend(api.createServicePoint, v);
      toast(t('school.points.saved'), 'success');
      onDone();
    } catch (e) {
      toast(failText(e, t('common.systemBusy')), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      className="grid gap-3 sm:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Field id="point-name" label={t('school.points.field.name')} value={v.name} onValue={set('name')} error={err('name')} required />
      <Choice
        id="point-type"
        label={t('school.points.field.type')}
        value={v.type}
        onValue={set('type')}
        options={TYPES.map((type) => ({ value: type, label: t(`school.points.type.${type}`) }))}
      />
      <Field
        id="point-start"
        label={t('school.points.field.startTime')}
        type="time"
        value={short(v.startTime)}
        onValue={set('startTime')}
        error={err('startTime')}
      />
      <Field id="point-end" label={t('school.points.field.endTime')} type="time" value={short(v.endTime)} onValue={set('endTime')} error={err('endTime')} />
      <Field id="point-mobile" label={t('school.points.field.mobile')} type="tel" value={v.mobile} onValue={set('mobile')} error={err('mobile')} />
      <Field
        id="point-seq"
        label={t('school.points.field.seq')}
        inputMode="numeric"
        value={seqText}
        onValue={(text) => {
          setSeqText(text);
          setV((o) => ({ ...o, seq: /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : -1 }));
        }}
        error={err('seq')}
      />
      <Field
        id="point-province"
        label={t('school.points.field.provinceName')}
        value={v.provinceName}
        onValue={set('provinceName')}
        error={err('provinceName')}
      />
      <Field id="point-city" label={t('school.points.field.cityName')} value={v.cityName} onValue={set('cityName')} error={err('cityName')} />
      <div className="sm:col-span-2">
        <Field id="point-address" label={t('school.points.field.address')} value={v.address} onValue={set('address')} error={err('address')} />
      </div>
      <div className="sm:col-span-2">
        <Field id="point-url" label={t('school.points.field.url')} type="url" value={v.url} onValue={set('url')} error={err('url')} />
      </div>
      <div className="flex gap-3 sm:col-span-2">
        <Button kind="primary" type="submit" disabled={busy}>
          {t('school.admin.save')}
        </Button>
        <Button onClick={onDone} disabled={busy}>
          {t('school.admin.cancel')}
        </Button>
      </div>
    </form>
  );
}

export function ServicePointsSection({ now }: { now: () => number }) {
  const list = useLoaded(() => staffSend(api.adminServicePoints, {}));
  const [editing, setEditing] = useState<ServicePointAdmin | 'new' | null>(null);

  async function remove(p: ServicePointAdmin) {
    if (!(await confirmDialog(t('school.points.confirmDelete', { name: p.name })))) return;
    try {
      await staffSend(api.deleteServicePoint, {}, { params: { id: p.id } });
      toast(t('school.points.deleted'), 'success');
    } catch (e) {
      toast(failText(e, t('common.systemBusy')), 'error');
    }
    list.reload();
  }

  const state = (p: ServicePointAdmin) => {
    const s = servicePointState(p.startTime, p.endTime, now());
    return s === 'open' ? t('school.points.open') : s === 'resting' ? t('school.points.resting') : t('school.points.noHours');
  };

  return (
    <Section title={t('school.points.title')} actions={<Button onClick={() => setEditing('new')}>{t('school.points.add')}</Button>}>
      {list.data === null ? (
        <LoadState error={list.error} onRetry={list.reload} />
      ) : list.data.length === 0 ? (
        <p className="text-sm text-slate-600">{t('school.points.empty')}</p>
      ) : (
        <TableBox label={t('school.points.title')}>
          <thead>
            <tr>
              <th className={th}>{t('school.points.colName')}</th>
              <th className={th}>{t('school.points.colType')}</th>
              <th className={th}>{t('school.points.colHours')}</th>
              <th className={th}>{t('school.points.colState')}</th>
              <th className={th}>{t('school.points.colSeq')}</th>
              <th className={th}>{t('school.points.colActions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((p) => (
              <tr key={p.id}>
                <td className={td}>{p.name}</td>
                <td className={td}>{t(`school.points.type.${p.type}`)}</td>
                <td className={td}>{p.startTime ? `${short(p.startTime)}–${short(p.endTime)}` : t('school.points.noHours')}</td>
                <td className={td}>{state(p)}</td>
                <td className={td}>{p.seq}</td>
                <td className={`${td} whitespace-nowrap`}>
                  <span className="flex gap-2">
                    <Button onClick={() => setEditing(p)}>{t('school.admin.edit')}</Button>
                    <Button kind="danger" onClick={() => void remove(p)}>
                      {t('school.admin.delete')}
                    </Button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </TableBox>
      )}
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('school.points.add') : t('school.points.edit')}
        onClose={() => setEditing(null)}
        width="w-[min(92vw,640px)]"
      >
        {editing !== null && (
          <PointForm
            key={editing === 'new' ? 'new' : editing.id}
            initial={editing === 'new' ? null : editing}
            onDone={() => {
              setEditing(null);
              list.reload();
            }}
          />
        )}
      </Modal>
    </Section>
  );
}
