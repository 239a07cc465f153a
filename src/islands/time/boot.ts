/** Loaded by the components that render publish times (src/components/PublishedTime.astro). */
import { keepRelativeTimes } from './relative-times';

keepRelativeTimes();
