import { send } from '~/lib/api/client';
import { classFirstView, type ClassFirstView } from '~/lib/api/contracts/learning-class';
import { takeEarlyAnswer, viewOf } from './early-first-view';
import type { FirstViewAsk } from './early-slot';

/**
 * The class page's first view: the one the page's inline script asked (early-first-view.ts) when it
 * was for the same class and student, else asked now. An early answer that is not a view (a refusal,
 * an ended login, no answer) is asked again through the API client, which shows it the way every
 * call does.
 */
export function firstView(ask: FirstViewAsk): Promise<ClassFirstView> {
  const again = () => send(classFirstView, ask, { silent: true });
  const early = takeEarlyAnswer(ask);
  if (!early) return again();
  return early.then((body) => viewOf(body) ?? again(), again);
}
