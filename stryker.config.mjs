// Mutation testing of the pure rule modules (`npm run mutation`): StrykerJS changes each rule in
// small ways (a < for a <=, a constant, a removed condition) and runs the unit tests against each
// change; a change no test notices ("survived") is a rule the tests do not pin down.
// `npm run mutation` then writes the score and every survivor's reason into docs/mutation.md
// (scripts/mutation-report.mjs, reasons in scripts/mutation-equivalents.json). Reports: reports/mutation/.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    // Learning: attendance, study credit, progress, duties and targets, sign-in windows, ranks.
    'src/lib/learning/attendance.ts',
    'src/lib/learning/duties.ts',
    'src/lib/learning/progress.ts',
    'src/lib/learning/study-credit.ts',
    'src/lib/learning/targets.ts',
    'src/lib/learning/sign.ts',
    'src/lib/learning/rank.ts',
    'src/lib/learning/days.ts',
    'src/server/learning/online-classroom/online-classroom.rules.ts',
    // Exams: deadlines, scoring, fill-in matching, the countdown, review marks.
    'src/server/exams/attempts/deadline.rules.ts',
    'src/server/exams/attempts/scoring.rules.ts',
    'src/server/exams/attempts/fill-in.rules.ts',
    'src/lib/exams/countdown.ts',
    'src/lib/exams/review.ts',
    'src/lib/exams/paper.ts',
    'src/lib/exams/attempt-policy.ts',
    'src/server/exams/answers/answers.rules.ts',
    'src/server/exams/attempts/bank-answers.rules.ts',
    // Limits and the text every classroom write is cleaned with.
    'src/server/limits/limits.rules.ts',
    // The password throttles' verdict and device cookies (decision 053).
    'src/server/login/attempts.rules.ts',
    'src/lib/plain-text.ts',
    // Staff: who may do what (the access table and roles), the staff gate's cross-site defences,
    // accounts, sessions and the second factor, the audit log's kept fields.
    'src/lib/staff/access.ts',
    'src/lib/staff/roles.ts',
    'src/server/http/request-guard.rules.ts',
    'src/server/staff/accounts/accounts.rules.ts',
    'src/server/staff/audit/audit.rules.ts',
    // Certificates: their rules and the signed verification link.
    'src/server/certificates/certificates.rules.ts',
    'src/server/certificates/verify.rules.ts',
    // Marking, the question bank and its CSV import.
    'src/lib/exams/marking.ts',
    'src/server/exams/marking/marking.rules.ts',
    'src/lib/exams/question-bank.ts',
    'src/lib/exams/question-import.ts',
    // Jobs, the leads and class CSV files, and the other staff editors' rules.
    'src/server/jobs/jobs.rules.ts',
    'src/server/csv.rules.ts',
    'src/server/leads/leads-csv.rules.ts',
    'src/lib/learning/class-admin.ts',
    'src/server/learning/classes/classes.admin.rules.ts',
    'src/server/learning/courses/courses.admin.rules.ts',
    'src/server/learning/activities/activities.admin.rules.ts',
    'src/server/learning/attendance/attendance.admin.rules.ts',
    'src/server/exams/works/works.admin.rules.ts',
    'src/server/content/content-admin.rules.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  // The sandbox is a copy of the project: what git ignores (databases a benchmark is writing, the build) is left out,
  // so a run beside a benchmark does not copy a file that is being removed.
  ignorePatterns: ['/dist', '/data', '/.astro', '/test-results', '/playwright-report', '/bench/results', '*.log', '.env', '/deploy/portal.env'],
  thresholds: { high: 90, low: 80, break: null },
};
