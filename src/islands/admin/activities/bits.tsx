import { t } from '~/lib/i18n/messages/admin-activities';
import { toast } from '~/lib/toast';
import { FieldBox, FormButtons, SelectField } from '../kit';
import { th } from '../shared';

/** Small pieces of the activity screen's forms. */

export const fail = (e: unknown) => toast(e instanceof Error ? e.message : t('common.systemBusy'), 'error');

/** The activity forms' field frame and select are the kit's. */
export { FieldBox as Field, SelectField as Select };

/** A checkbox or radio button with its label beside it. */
export function Choice({
  id,
  label,
  checked,
  onChange,
  type = 'checkbox',
  name,
  strong = true,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (b: boolean) => void;
  type?: 'checkbox' | 'radio';
  name?: string;
  strong?: boolean;
}) {
  return (
    <span className="flex items-center gap-2">
      <input id={id} type={type} name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id} className={strong ? 'text-sm font-medium' : 'text-sm'}>
        {label}
      </label>
    </span>
  );
}

/** The dialog's notice (the server's refusal) and its save and cancel buttons. */
export function FormEnd({ notice, busy, onCancel, wide = false }: { notice: string | undefined; busy: boolean; onCancel: () => void; wide?: boolean }) {
  const span = wide ? ' sm:col-span-2' : '';
  return (
    <>
      {notice && (
        <p role="alert" className={`text-sm text-red-700${span}`}>
          {notice}
        </p>
      )}
      <FormButtons className={`flex justify-end gap-2${span}`} save={t('activities.save')} busy={busy} onCancel={onCancel} />
    </>
  );
}

/** A table's header row. */
export function HeadRow({ labels }: { labels: readonly string[] }) {
  return (
    <thead>
      <tr>
        {labels.map((label) => (
          <th key={label} className={th}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** 上课方式 and 必修/选修 as a select's options (the codes the route takes). */
export const KIND_OPTIONS = [
  ['1', t('activities.online')],
  ['2', t('activities.offline')],
] as const;
export const REQUIRED_OPTIONS = [
  ['1', t('activities.required')],
  ['0', t('activities.elective')],
] as const;
