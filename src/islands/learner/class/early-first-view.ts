import { urlOf } from '~/lib/api/contract';
import { classFirstView, type ClassFirstView } from '~/lib/api/contracts/learning-class';
import { apiHeaders, withBase } from '~/lib/api/request-headers';
import { publicConfig } from '~/lib/config';
import { isSuccess } from '~/lib/envelope';
import { readJson, StorageKey } from '~/lib/storage';
import { earlySlot, type FirstViewAsk } from './early-slot';

/**
 * The class page's first view asked by the page's inline script as soon as the HTML is read, before
 * any of the page's script files has come (decision 081): on a phone's network the island's files
 * arrive well after the answer. The script is bundled on its own into the page (scripts/inline-script.mjs),
 * so it shares no module with the island: the question and its answer wait for the island on the
 * window (early-slot.ts), where the island takes them once (first-view.ts).
 */

/** The class page's query: classId, optionally the class's school and experience. */
export interface ClassQuery {
  classId: string;
  schoolId: string | undefined;
  /** The experience query (any value but '', 0 or false). */
  experience: boolean;
}

/** Reads the class page's query from an address's search part. */
export function readClassQuery(search: string): ClassQuery {
  const q = new URLSearchParams(search);
  const experience = q.get('experience');
  return {
    classId: q.get('classId') ?? '',
    schoolId: q.get('schoolId') || undefined,
    experience: experience !== null && !['', '0', 'false'].includes(experience),
  };
}

const sameAsk = (a: FirstViewAsk, b: FirstViewAsk) => a.classId === b.classId && a.userId === b.userId && (a.schoolId ?? '') === (b.schoolId ?? '');

/**
 * Asks for the first view with the API's own headers (request-headers.ts). Nothing is asked without
 * a logged-in student or a class, or when the address brings a token (the header logs in with it
 * first, then the island asks), or once the island has asked. Answers the view for the early header
 * (early-header.ts); null when nothing was asked.
 */
export function askFirstViewEarly(search: string = location.search): Promise<ClassFirstView> | null {
  const s = earlySlot();
  const userId = readJson<{ userId?: unknown }>(StorageKey.userInfo)?.userId;
  const query = readClassQuery(search);
  if (s.taken || s.answer || typeof userId !== 'string' || !userId || !query.classId || new URLSearchParams(search).has('token')) return null;
  const ask: FirstViewAsk = { classId: query.classId, userId, schoolId: query.schoolId };
  const answer = fetch(withBase(urlOf(classFirstView), publicConfig().apiBase), {
    method: classFirstView.method,
    headers: { ...apiHeaders(), 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(ask),
  }).then((response) => response.json() as Promise<unknown>);
  // A failure is the island's to show, once it takes the answer.
  answer.catch(() => undefined);
  s.ask = ask;
  s.answer = answer;
  return answer.then((body) => viewOf(body) ?? Promise.reject(new Error('no first view')));
}

/** The view an early answer's envelope carries, or null when it is not a view (a refusal, an ended login). */
export function viewOf(body: unknown): ClassFirstView | null {
  const env = body as { code?: unknown; data?: unknown } | null;
  return isSuccess(env?.code) ? (env?.data as ClassFirstView) : null;
}

/**
 * The island's turn: the envelope asked early when it was for the same class and student (taken
 * once), else null. From now on nothing is asked early.
 */
export function takeEarlyAnswer(ask: FirstViewAsk): Promise<unknown> | null {
  const s = earlySlot();
  s.taken = true;
  const mine = s.answer && s.ask && sameAsk(s.ask, ask) ? s.answer : null;
  s.ask = null;
  s.answer = null;
  return mine;
}
