import type { ClientDirective } from 'astro';
import { earlySlot } from '~/islands/learner/class/early-slot';

/**
 * `client:after-first-view`: the class page's island loads once the first view its page's inline
 * script asked for has answered (decision 081), at once when nothing was asked. Until then the page
 * shows the server's skeleton and the early header, and the first view's call has the connection to
 * itself instead of queuing behind the island's files on a phone's network. The island then renders
 * from the answer at once. A first view that takes longer than EARLY_WAIT_MS no longer holds the
 * island back: it takes the same call when it comes.
 */
const EARLY_WAIT_MS = 3_000;

const afterFirstView: ClientDirective = (load) => {
  let started = false;
  const hydrate = () => {
    if (started) return;
    started = true;
    void load().then((run) => run());
  };
  const answer = earlySlot().answer;
  if (!answer) {
    hydrate();
    return;
  }
  setTimeout(hydrate, EARLY_WAIT_MS);
  answer.then(hydrate, hydrate);
};

export default afterFirstView;
