import { FieldBox, FieldBox as Labelled, SelectField } from '../kit';
import { t } from '~/lib/i18n/messages/admin-courses';
import { Button, fieldClass } from '../shared';

/** The course forms' field frame and select are the kit's. */
export { FieldBox as Labelled, SelectField as Choice };

/** A labelled text input of the course forms. */
export function Field({
  id,
  label,
  value,
  onValue,
  required,
  maxLength,
  hint,
  error,
  onBlur,
}: {
  id: string;
  label: string;
  value: string;
  onValue: (v: string) => void;
  required?: boolean;
  maxLength?: number;
  hint?: string;
  error?: string | undefined;
  onBlur?: () => void;
}) {
  return (
    <Labelled id={id} label={label} error={error}>
      <input
        id={id}
        className={fieldClass}
        value={value}
        required={required}
        maxLength={maxLength}
        placeholder={hint}
        onChange={(e) => onValue(e.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
    </Labelled>
  );
}

/** The 保存 of a course form that has no 取消 (the course's own fields, its completion targets). */
export function SaveButton({ className }: { className?: string }) {
  return (
    <div className={className}>
      <Button kind="primary" type="submit">
        {t('courses.save')}
      </Button>
    </div>
  );
}
