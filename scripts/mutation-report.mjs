// Writes the generated part of docs/mutation.md from the last StrykerJS run (`npm run mutation`
// runs it after `stryker run`): the date, the score overall and per file, and every surviving
// mutant with the reason it is judged equivalent, taken from scripts/mutation-equivalents.json.
// That list is keyed by file and mutated text (the original code and its replacement), not by line,
// so a change elsewhere in a file does not break it. A survivor the list does not explain is listed
// as "unexplained" and the script exits non-zero: it is a rule the unit tests do not pin down.
//   node scripts/mutation-report.mjs            reads reports/mutation/mutation.json
// A run over only some of the modules (`npx stryker run --mutate <file>`) is printed, not written:
// docs/mutation.md always describes a run over every module of stryker.config.mjs.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const REPORT = `${ROOT}reports/mutation/mutation.json`;
const EQUIVALENTS = `${ROOT}scripts/mutation-equivalents.json`;
const DOC = `${ROOT}docs/mutation.md`;
const CONFIG = `${ROOT}stryker.config.mjs`;

/** The markers around the part of docs/mutation.md this script owns; the rest is written by hand. */
export const BEGIN = '<!-- mutation-report:begin (written by scripts/mutation-report.mjs; edit the list in scripts/mutation-equivalents.json) -->';
export const END = '<!-- mutation-report:end -->';

/** Statuses as the mutation-testing-report schema names them. */
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);
const ERRORS = new Set(['CompileError', 'RuntimeError']);

const MS_PER_SECOND = 1000;
const SECONDS_PER_MINUTE = 60;
const PERCENT = 100;
const SCORE_DECIMALS = 2;

/** Code as compared: runs of white space made one space, so reformatting does not break an entry. */
export const folded = (text) => text.replace(/\s+/g, ' ').trim();

/** The source text a mutant replaced (lines and columns 1-based, the end column exclusive). */
export function originalText(source, location) {
  const lines = source.split('\n');
  const { start, end } = location;
  if (start.line === end.line) return lines[start.line - 1].slice(start.column - 1, end.column - 1);
  const middle = lines.slice(start.line, end.line - 1);
  return [lines[start.line - 1].slice(start.column - 1), ...middle, lines[end.line - 1].slice(0, end.column - 1)].join('\n');
}

/** Counts of one file's (or every file's) mutants by outcome, and the score as Stryker computes it. */
export function tally(mutants) {
  const count = (set) => mutants.filter((m) => set.has(m.status)).length;
  const t = {
    mutants: mutants.length,
    killed: mutants.filter((m) => m.status === 'Killed').length,
    timeout: mutants.filter((m) => m.status === 'Timeout').length,
    survived: mutants.filter((m) => m.status === 'Survived').length,
    noCoverage: mutants.filter((m) => m.status === 'NoCoverage').length,
    errors: count(ERRORS),
  };
  const detected = count(DETECTED);
  const valid = detected + count(UNDETECTED);
  return { ...t, score: valid === 0 ? PERCENT : (detected / valid) * PERCENT };
}

/**
 * Every undetected mutant of the report with its explanation: the entry of `equivalents` for the
 * same file, original text and replacement (and, when an entry names one, a text the mutated line
 * holds), or null. Also the entries no survivor of a reported file matched (stale).
 */
export function survivors(report, equivalents) {
  const used = new Set();
  const list = [];
  for (const [file, result] of Object.entries(report.files)) {
    const lines = result.source.split('\n');
    for (const m of result.mutants) {
      if (!UNDETECTED.has(m.status)) continue;
      const original = originalText(result.source, m.location);
      const line = lines[m.location.start.line - 1];
      const entry = equivalents.find(
        (e) =>
          e.file === file &&
          folded(e.original) === folded(original) &&
          folded(e.replacement) === folded(m.replacement ?? '') &&
          (e.within === undefined || line.includes(e.within)),
      );
      if (entry) used.add(entry);
      list.push({
        file,
        line: m.location.start.line,
        status: m.status,
        mutator: m.mutatorName,
        original,
        replacement: m.replacement ?? '',
        reason: entry?.reason ?? null,
      });
    }
  }
  const reported = new Set(Object.keys(report.files));
  const stale = equivalents.filter((e) => reported.has(e.file) && !used.has(e));
  list.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return { list, stale };
}

const fmt = (n) => n.toLocaleString('en-US');
/** The longest piece of code a survivor's line shows (a removed block is shown by its start). */
const SHOWN_CHARS = 100;
const code = (text) => {
  const one = folded(text);
  const shown = one.length > SHOWN_CHARS ? `${one.slice(0, SHOWN_CHARS)}…` : one;
  return shown.includes('`') ? `\`\` ${shown} \`\`` : `\`${shown}\``;
};

/** A duration in milliseconds as "4 min 44 s". */
export function duration(ms) {
  const seconds = Math.round(ms / MS_PER_SECOND);
  const minutes = Math.floor(seconds / SECONDS_PER_MINUTE);
  return minutes ? `${minutes} min ${seconds % SECONDS_PER_MINUTE} s` : `${seconds} s`;
}

/** The generated part of docs/mutation.md (between the markers). */
export function reportMarkdown(report, equivalents, when) {
  const files = Object.keys(report.files).sort();
  const all = tally(files.flatMap((f) => report.files[f].mutants));
  const { list } = survivors(report, equivalents);
  const row = (name, t) => {
    const counts = [t.mutants, t.killed, t.timeout, t.survived, t.noCoverage, t.errors].map(fmt);
    return `| ${[name, t.score.toFixed(SCORE_DECIMALS), ...counts].join(' | ')} |`;
  };
  const perf = report.performance;
  const took = perf ? `, ${duration(perf.setup + perf.initialRun + perf.mutation)}` : '';
  const unexplained = list.filter((s) => s.reason === null).length;
  const out = [
    `Last full run: ${when.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${files.length} modules, ${fmt(all.mutants)} mutants${took}.`,
    '',
    `Score over all files: **${all.score.toFixed(SCORE_DECIMALS)} %** (${fmt(all.killed)} killed, ${fmt(all.timeout)} timed out, ` +
      `${fmt(all.survived)} survived, ${fmt(all.noCoverage)} not covered, ${fmt(all.errors)} errors).`,
    '',
    '| Module | Score | Mutants | Killed | Timeout | Survived | No coverage | Errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...files.map((f) => row(f, tally(report.files[f].mutants))),
    row('**All files**', all),
    '',
    `### Surviving mutants (${list.length}${unexplained ? `, ${unexplained} unexplained` : ''})`,
    '',
    list.length ? 'Line numbers are those of this run; the reasons come from `scripts/mutation-equivalents.json`.' : 'None.',
    '',
    ...list.map(
      (s) =>
        `- \`${s.file}:${s.line}\` ${code(s.original)} → ${code(s.replacement)}` +
        `${s.status === 'NoCoverage' ? ' (no test covers it)' : ''}: ${s.reason ?? '**unexplained**'}`,
    ),
  ];
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}

/** The document with its generated part replaced (the markers must be there once each). */
export function withReport(doc, markdown) {
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`docs/mutation.md has no ${BEGIN} … ${END} part`);
  return `${doc.slice(0, begin + BEGIN.length)}\n\n${markdown}\n${doc.slice(end)}`;
}

/** The modules stryker.config.mjs mutates. */
async function configuredModules() {
  const { default: config } = await import(pathToFileURL(CONFIG).href);
  return config.mutate;
}

async function main() {
  const report = JSON.parse(readFileSync(REPORT, 'utf8'));
  const equivalents = JSON.parse(readFileSync(EQUIVALENTS, 'utf8'));
  const markdown = reportMarkdown(report, equivalents, statSync(REPORT).mtime);
  const { list, stale } = survivors(report, equivalents);
  const missing = (await configuredModules()).filter((f) => !(f in report.files));
  if (missing.length) {
    process.stdout.write(`${markdown}\nA run over part of the modules (${missing.length} not in it): docs/mutation.md left as it was.\n`);
  } else {
    writeFileSync(DOC, withReport(readFileSync(DOC, 'utf8'), markdown));
    process.stdout.write(`docs/mutation.md written: ${list.length} surviving mutants.\n`);
  }
  for (const e of stale) process.stderr.write(`no surviving mutant matches the entry for ${e.file}: ${e.original} -> ${e.replacement}\n`);
  const unexplained = list.filter((s) => s.reason === null);
  for (const s of unexplained) process.stderr.write(`unexplained: ${s.file}:${s.line} ${folded(s.original)} -> ${folded(s.replacement)}\n`);
  if (unexplained.length) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
