import { t } from '~/lib/i18n/messages/admin-school';
import * as api from '~/lib/api/contracts/admin-school';
import type { ServicePointAdmin, ServicePointInput } from '~/lib/api/contracts/admin-school';
import { hoursPairError, POINT_TYPES, servicePointFields } from '~/lib/forms/school';
import { servicePointState } from '../../school/service-point-state';
import { Choice, Field } from './form-bits';
import { ItemForm, ItemsSection, useItemForm, type ItemCalls, type ItemFormProps } from './ItemsSection';
import { textValues, type Column } from '../kit';

/**
 * Service points: their opening hours decide what the public page shows (营业中 or 休息中 at the
 * visitor's time, China Standard Time); here the state is shown as it is now. Ordered by 排序.
 */

const short = (time: string) => time.slice(0, 5);

const valuesOf = (p: ServicePointAdmin | null) => ({
  ...textValues(p, ['name', 'startTime', 'endTime', 'mobile', 'provinceName', 'cityName', 'address', 'url', 'longitude', 'latitude']),
  type: p?.type ?? 'TEACHING',
  seq: String(p?.seq ?? 0),
});

const CALLS: ItemCalls<ServicePointAdmin, ServicePointInput> = {
  list: api.adminServicePoints,
  create: api.createServicePoint,
  update: api.updateServicePoint,
  remove: api.deleteServicePoint,
};

function PointForm({ initial, save, onCancel }: ItemFormProps<ServicePointAdmin, ServicePointInput>) {
  const { form, submit, text } = useItemForm({
    values: valuesOf(initial),
    input: (v) => ({ ...v, seq: Number(v.seq) }),
    schema: servicePointFields,
    across: (v) => {
      const message = hoursPairError(v);
      return message ? { field: 'endTime', message } : null;
    },
    save,
  });
  return (
    <ItemForm onSubmit={submit} busy={form.submitting} onCancel={onCancel}>
      <Field label={t('school.points.field.name')} {...text('name')} required />
      <Choice
        id={form.id('type')}
        label={t('school.points.field.type')}
        value={form.values.type}
        onValue={(value) => form.change('type', value as ServicePointAdmin['type'])}
        options={POINT_TYPES.map((type) => [type, t(`school.points.type.${type}`)] as const)}
      />
      <Field label={t('school.points.field.startTime')} type="time" {...text('startTime')} value={short(form.values.startTime)} />
      <Field label={t('school.points.field.endTime')} type="time" {...text('endTime')} value={short(form.values.endTime)} />
      <Field label={t('school.points.field.mobile')} type="tel" {...text('mobile')} />
      <Field label={t('school.points.field.seq')} inputMode="numeric" {...text('seq')} />
      <Field label={t('school.points.field.provinceName')} {...text('provinceName')} />
      <Field label={t('school.points.field.cityName')} {...text('cityName')} />
      <div className="sm:col-span-2">
        <Field label={t('school.points.field.address')} {...text('address')} />
      </div>
      <div className="sm:col-span-2">
        <Field label={t('school.points.field.url')} type="url" {...text('url')} />
      </div>
    </ItemForm>
  );
}

export function ServicePointsSection({ now }: { now: () => number }) {
  const state = (p: ServicePointAdmin) => {
    const s = servicePointState(p.startTime, p.endTime, now());
    return s === 'open' ? t('school.points.open') : s === 'resting' ? t('school.points.resting') : t('school.points.noHours');
  };
  const columns: readonly Column<ServicePointAdmin>[] = [
    { header: t('school.points.colName'), cell: (p) => p.name },
    { header: t('school.points.colType'), cell: (p) => t(`school.points.type.${p.type}`) },
    { header: t('school.points.colHours'), cell: (p) => (p.startTime ? `${short(p.startTime)}–${short(p.endTime)}` : t('school.points.noHours')) },
    { header: t('school.points.colState'), cell: state },
    { header: t('school.points.colSeq'), cell: (p) => p.seq },
  ];
  return <ItemsSection prefix="school.points" calls={CALLS} nameOf={(p) => p.name} columns={columns} Form={PointForm} width="w-[min(92vw,640px)]" />;
}
