import { z } from 'zod';

/**
 * zod for the staff forms' schemas (src/lib/forms/*.ts), which islands import too. In a browser zod
 * compiles an object's parser with `new Function` when it may; the site's Content-Security-Policy
 * forbids eval, and zod's probe for it is itself reported as a violation. So in a browser zod runs
 * without compiling (jitless), set here before any schema of these modules is made; the server keeps
 * zod's compiled parsers.
 */
if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
