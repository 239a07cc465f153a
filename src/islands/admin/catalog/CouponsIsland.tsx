import { useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-catalog';
import * as cat from '~/lib/api/contracts/admin-catalog';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { staffSend } from '~/lib/api/staff-client';
import { formatDate, parseDateTime } from '~/lib/time/cst';
import { CatalogForm, CatalogScreen, Field, type FormProps } from './screen';

/** Coupons (/admin/catalog/coupons): the home page's receivable coupons. Days are China Standard Time; the last day counts whole. */

/** A day field's value as the server takes it (NaN when blank or impossible: the server then names the field). */
const dayStart = (day: string) => parseDateTime(day);
const dayEnd = (day: string) => parseDateTime(`${day} 23:59:59`);

function CouponForm({ initial, onSaved, onCancel }: FormProps<cat.AdminCoupon>) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [amount, setAmount] = useState(initial ? String(initial.amount) : '');
  const [minPoint, setMinPoint] = useState(initial ? String(initial.minPoint) : '0');
  const [start, setStart] = useState(initial ? formatDate(initial.useStartTime) : '');
  const [end, setEnd] = useState(initial ? formatDate(initial.useEndTime) : '');
  const save = async (state: cat.CatalogState) =>
    onSaved(
      await staffSend(cat.catalogCouponSave, {
        ...(initial ? { id: initial.id } : {}),
        title,
        amount: Number(amount),
        minPoint: Number(minPoint || 0),
        useStartTime: Number.isNaN(dayStart(start)) ? 0 : dayStart(start),
        useEndTime: Number.isNaN(dayEnd(end)) ? 0 : dayEnd(end),
        state,
      }),
    );
  return (
    <CatalogForm save={save} onCancel={onCancel}>
      <Field label={t('catalog.field.title')} value={title} onValue={setTitle} maxLength={128} required />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('catalog.field.amount')} value={amount} onValue={setAmount} type="number" inputMode="decimal" step="0.01" required />
        <Field label={t('catalog.field.minPoint')} value={minPoint} onValue={setMinPoint} type="number" inputMode="decimal" step="0.01" />
        <Field label={t('catalog.field.useStartTime')} value={start} onValue={setStart} type="date" required />
        <Field label={t('catalog.field.useEndTime')} value={end} onValue={setEnd} type="date" required />
      </div>
    </CatalogForm>
  );
}

export default function CouponsIsland({ me }: { me: StaffMe }) {
  return (
    <CatalogScreen<cat.AdminCoupon>
      me={me}
      title={t('catalog.title.coupons')}
      list={(q) => staffSend(cat.catalogCoupons, q)}
      nameOf={(r) => r.title}
      columns={[
        { label: t('catalog.field.title'), cell: (r) => r.title },
        { label: t('catalog.field.amount'), cell: (r) => r.amount },
        { label: t('catalog.field.minPoint'), cell: (r) => r.minPoint },
        { label: t('catalog.field.useEndTime'), cell: (r) => `${formatDate(r.useStartTime)} ~ ${formatDate(r.useEndTime)}` },
      ]}
      stateText={(r) => (r.ended ? t('catalog.state.ended') : null)}
      setState={(id, state) => staffSend(cat.catalogCouponState, { state }, { params: { id } })}
      remove={(id) => staffSend(cat.catalogCouponDelete, {}, { params: { id } })}
      schedule={(id, publishAt) => staffSend(cat.catalogCouponSchedule, { publishAt }, { params: { id } })}
      Form={CouponForm}
    />
  );
}
