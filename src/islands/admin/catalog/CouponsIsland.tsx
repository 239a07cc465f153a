import { t } from '~/lib/i18n/messages/admin-catalog';
import * as cat from '~/lib/api/contracts/admin-catalog';
import type { StaffMe } from '~/lib/api/contracts/staff';
import { formatDate, parseDateTime } from '~/lib/time/cst';
import { CatalogScreen, type FormProps } from './screen';
import { CatalogForm, Field } from './form';
import { couponForm } from '~/lib/forms/catalog';

/** Coupons (/admin/catalog/coupons): the home page's receivable coupons. Days are China Standard Time; the last day counts whole. */

/** A day field's value as the server takes it (NaN when blank or impossible: the server then names the field). */
const dayStart = (day: string) => parseDateTime(day);
const dayEnd = (day: string) => parseDateTime(`${day} 23:59:59`);

function CouponForm({ initial, save, onCancel }: FormProps<cat.AdminCoupon, cat.CouponInput>) {
  const start = {
    title: initial?.title ?? '',
    amount: initial ? String(initial.amount) : '',
    minPoint: initial ? String(initial.minPoint) : '0',
    useStartTime: initial ? formatDate(initial.useStartTime) : '',
    useEndTime: initial ? formatDate(initial.useEndTime) : '',
  };
  const input = (v: typeof start) => ({
    title: v.title,
    amount: Number(v.amount),
    minPoint: Number(v.minPoint || 0),
    useStartTime: Number.isNaN(dayStart(v.useStartTime)) ? 0 : dayStart(v.useStartTime),
    useEndTime: Number.isNaN(dayEnd(v.useEndTime)) ? 0 : dayEnd(v.useEndTime),
  });
  return (
    <CatalogForm schema={couponForm} start={start} input={input} save={save} onCancel={onCancel}>
      <Field name="title" label={t('catalog.field.title')} maxLength={128} required />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field name="amount" label={t('catalog.field.amount')} type="number" inputMode="decimal" step="0.01" required />
        <Field name="minPoint" label={t('catalog.field.minPoint')} type="number" inputMode="decimal" step="0.01" />
        <Field name="useStartTime" label={t('catalog.field.useStartTime')} type="date" required />
        <Field name="useEndTime" label={t('catalog.field.useEndTime')} type="date" required />
      </div>
    </CatalogForm>
  );
}

export default function CouponsIsland({ me }: { me: StaffMe }) {
  return (
    <CatalogScreen<cat.AdminCoupon, cat.CouponInput>
      me={me}
      resource={cat.COUPONS}
      columns={[
        { label: t('catalog.field.title'), cell: (r) => r.title },
        { label: t('catalog.field.amount'), cell: (r) => r.amount },
        { label: t('catalog.field.minPoint'), cell: (r) => r.minPoint },
        { label: t('catalog.field.useEndTime'), cell: (r) => `${formatDate(r.useStartTime)} ~ ${formatDate(r.useEndTime)}` },
      ]}
      stateText={(r) => (r.ended ? t('catalog.state.ended') : null)}
      Form={CouponForm}
    />
  );
}
