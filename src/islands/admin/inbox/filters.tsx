import { useEffect, useId, useState } from 'react';
import { t } from '~/lib/i18n/messages/admin-inbox';
import { adminClasses, type AdminClassSummary } from '~/lib/api/contracts/admin-classes';
import { adminQuestionLessons, type InboxLesson } from '~/lib/api/contracts/admin-interaction';
import { staffSend } from '~/lib/api/staff-client';
import { inputClass } from '../../shared/fields';

/** The classes the signed-in person reaches (the server's class scope), for the filters. */
export function useClasses(): AdminClassSummary[] {
  const [classes, setClasses] = useState<AdminClassSummary[]>([]);
  useEffect(() => {
    staffSend(adminClasses, { current: 1, size: 100 }).then(
      (p) => setClasses(p.records),
      () => setClasses([]),
    );
  }, []);
  return classes;
}

/**
 * The class the page's ?classId= names (a class page links here with it), once the person's classes
 * are known and only if it is one of them; '' otherwise. Read after hydration: the server rendered
 * the page without it, so the first render must not depend on the address.
 */
export function useGivenClass(classes: AdminClassSummary[]): string {
  const [given, setGiven] = useState('');
  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('classId');
    if (id && classes.some((c) => c.id === id)) setGiven(id);
  }, [classes]);
  return given;
}

/** The lessons of the class chosen (none chosen: none). */
export function useLessons(classId: string): InboxLesson[] {
  const [lessons, setLessons] = useState<InboxLesson[]>([]);
  useEffect(() => {
    if (!classId) {
      setLessons([]);
      return;
    }
    staffSend(adminQuestionLessons, { classId }).then(setLessons, () => setLessons([]));
  }, [classId]);
  return lessons;
}

export function Choice({
  label,
  value,
  onValue,
  options,
}: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm text-slate-700">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onValue(e.target.value)} className={inputClass(false)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export const classOptions = (classes: AdminClassSummary[], allText = t('inbox.filter.allClasses')) => [
  { value: '', label: allText },
  ...classes.map((c) => ({ value: c.id, label: c.name })),
];
