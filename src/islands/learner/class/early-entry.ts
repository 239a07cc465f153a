import type { ClassFirstView } from '~/lib/api/contracts/learning-class';
import { askFirstViewEarly } from './early-first-view';
import { paintEarlyHeader } from './early-header';

/**
 * The class page's inline script (src/pages/study/training-class.astro): asks for the first view as
 * the HTML is read and paints its header over the skeleton as soon as it comes, before any script
 * file of the page has arrived.
 */
// It runs before the island's markup is read: the header is painted once the page's body is there.
const paint = (view: ClassFirstView) =>
  document.readyState === 'loading' ? document.addEventListener('DOMContentLoaded', () => paintEarlyHeader(view), { once: true }) : paintEarlyHeader(view);
askFirstViewEarly()?.then(paint, () => undefined);
