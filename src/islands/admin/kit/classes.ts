import { useEffect, useState } from 'react';
import { adminClasses, type AdminClassSummary } from '~/lib/api/contracts/admin-classes';
import { staffSend } from '~/lib/api/staff-client';
import { useChoices } from './choices';

/** The most classes a screen's class choice lists (a school's classes a person reaches fit in one page). */
const CLASSES_MAX = 100;

/** The classes the signed-in person reaches (the server's class scope), for a screen's class choice or filter. */
export function useStaffClasses(): readonly AdminClassSummary[] {
  return useChoices(() => staffSend(adminClasses, { current: 1, size: CLASSES_MAX }).then((p) => p.records));
}

/**
 * The class the page's ?classId= names (a class page links here with it), once the person's classes
 * are known and only if it is one of them; '' otherwise. Read after hydration: the server rendered
 * the page without it, so the first render must not depend on the address.
 */
export function useGivenClass(classes: readonly AdminClassSummary[]): string {
  const [given, setGiven] = useState('');
  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('classId');
    if (id && classes.some((c) => c.id === id)) setGiven(id);
  }, [classes]);
  return given;
}

/**
 * A screen about one class at a time (progress, works, a test's certificates): the person's
 * classes and the class shown — the one they chose, else the one the address names, else the first.
 */
export function useClassChoice() {
  const classes = useStaffClasses();
  const given = useGivenClass(classes);
  const [chosen, choose] = useState('');
  const classId = chosen || given || (classes[0]?.id ?? '');
  const options = classes.map((c) => [c.id, c.name] as const);
  return { classes, classId, choose, options, nameOf: (id: string) => classes.find((c) => c.id === id)?.name ?? '' };
}
