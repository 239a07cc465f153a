import { useId, useState, type ReactNode } from 'react';
import { t } from '~/lib/i18n/messages/admin-students';
import * as st from '~/lib/api/contracts/admin-students';
import type { EnrolmentClass } from '~/lib/api/contracts/admin-classes';
import { staffSend } from '~/lib/api/staff-client';
import { FormMessage } from '../../shared/fields';
import { LoadState, useLoaded } from '../shared';
import { FormButtons, SelectField } from '../kit';
import { failureText } from '../kit/use-list-screen';

/**
 * The class (one the person may enrol students in now) and optional period a dialog enrols into:
 * 学员管理's bulk enrolment and a consult lead's 转为学员 both ask it here. `onEnrol` sends the
 * screen's own call; a refusal is said in the form and the choice stays.
 */
export function EnrolChoice({
  intro,
  submit,
  onEnrol,
  onCancel,
}: {
  intro: ReactNode;
  submit: string;
  onEnrol: (classId: string, periodId: string | null) => Promise<void>;
  onCancel: () => void;
}) {
  const classes = useLoaded(() => staffSend(st.adminStudentEnrolClasses, {}));
  const [classId, setClassId] = useState('');
  const [periodId, setPeriodId] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const id = useId();

  if (!classes.data) return <LoadState error={classes.error} onRetry={classes.reload} />;
  const chosen: EnrolmentClass | undefined = classes.data.find((c) => c.id === classId);

  async function send() {
    if (!chosen) {
      setMessage(t('students.enrol.pickClass'));
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      await onEnrol(chosen.id, periodId || null);
    } catch (e) {
      setMessage(failureText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      noValidate
      className="space-y-4 text-sm"
      aria-label={submit}
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <p>{intro}</p>
      {classes.data.length === 0 ? (
        <p role="status" className="text-muted">
          {t('students.enrol.noClasses')}
        </p>
      ) : (
        <>
          <SelectField
            id={`${id}-class`}
            label={t('students.enrol.class')}
            value={classId}
            onValue={(v) => {
              setClassId(v);
              setPeriodId('');
            }}
            options={[['', t('students.enrol.pickClass')], ...classes.data.map((c) => [c.id, c.name] as const)]}
          />
          {chosen && chosen.periods.length > 0 && (
            <SelectField
              id={`${id}-period`}
              label={t('students.enrol.period')}
              value={periodId}
              onValue={setPeriodId}
              options={[['', t('students.enrol.noPeriod')], ...chosen.periods.map((p) => [p.id, p.name] as const)]}
            />
          )}
        </>
      )}
      <FormMessage text={message} />
      <FormButtons save={busy ? t('students.enrol.saving') : submit} busy={busy || classes.data.length === 0} onCancel={onCancel} />
    </form>
  );
}
