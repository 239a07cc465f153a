/**
 * Form rules as plain functions, so a form checks its fields in the browser without a validation
 * library. A rule takes a value as a form or a request holds it and answers either the value as it
 * is used (trimmed, normalised) or the first message. The server wraps the same rules in its zod
 * schemas (src/server/http/rules.ts), so both sides give the same messages.
 */

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

export type Rule<T = string> = (value: unknown) => Checked<T>;

/** A check of a field's trimmed, non-empty text: the message, or null when it passes. */
export type TextCheck = (text: string) => string | null;

export const pass = <T>(value: T): Checked<T> => ({ ok: true, value });
export const fail = (message: string): Checked<never> => ({ ok: false, message });

/** The first message of a rule for a value, or null when it passes. */
export function check(rule: Rule<unknown>, value: unknown): string | null {
  const result = rule(value);
  return result.ok ? null : result.message;
}

/** The text of a value as the user typed it ('' for nothing; anything but text or a number is never valid text). */
export function typedText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : 'NaN';
  return typeof v === 'string' ? v : '\u0000';
}

/**
 * What shows nothing on the screen: white space of every kind (also U+3000 and U+00A0) and the
 * zero-width characters U+200B–U+200D, U+2060 and U+FEFF. A text made only of these looks empty to
 * whoever reads it (a note titled with zero-width spaces is a blank line), so it is refused as
 * empty. The characters are not removed from a text that has something visible: the zero-width
 * joiner holds emoji and scripts together.
 */
const INVISIBLE = /[\s\u200B-\u200D\u2060\uFEFF]/gu;

/** The text shows nothing: empty, or only white space and zero-width characters. The one blank test of every required text. */
export function isBlank(text: string): boolean {
  return text.replace(INVISIBLE, '') === '';
}

/** The field must have a non-blank value; the value passes on as typed. */
export function required(message: string): Rule {
  return (v) => {
    const s = typedText(v);
    return isBlank(s) ? fail(message) : pass(s);
  };
}

/** All rules in order; the first failing rule's message is reported, else the value as typed. */
export function all(...rules: Rule<unknown>[]): Rule {
  return (v) => {
    for (const rule of rules) {
      const result = rule(v);
      if (!result.ok) return result;
    }
    return pass(typedText(v));
  };
}

/**
 * A required text field as forms send it: missing, null, blank (isBlank: also only zero-width
 * characters) and anything but text or a number give the message; numbers become text; the value comes out trimmed and then meets each check in
 * order (the first failing check speaks).
 */
export function requiredText(message: string, ...checks: TextCheck[]): Rule {
  return (v) => {
    const raw = v === undefined || v === null ? '' : typeof v === 'number' ? String(v) : v;
    if (typeof raw !== 'string') return fail(message);
    const text = raw.trim();
    if (isBlank(text)) return fail(message);
    for (const c of checks) {
      const problem = c(text);
      if (problem !== null) return fail(problem);
    }
    return pass(text);
  };
}

/** At most `max` characters (UTF-16 code units, as an input's maxlength counts). */
export const maxLength =
  (max: number, message: string): TextCheck =>
  (s) =>
    s.length <= max ? null : message;

export const matches =
  (pattern: RegExp, message: string): TextCheck =>
  (s) =>
    pattern.test(s) ? null : message;

/** Every invalid field's first message, in the given order (valid fields do not appear). */
export function fieldErrors<F extends string>(
  fields: readonly F[],
  fieldError: (field: F, value: unknown) => string | null,
  values: Partial<Record<F, unknown>>,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const message = fieldError(field, values[field]);
    if (message !== null) errors[field] = message;
  }
  return errors;
}

/** The first invalid field in order with its message, or null when every field is valid. */
export function firstError<F extends string>(
  fields: readonly F[],
  fieldError: (field: F, value: unknown) => string | null,
  values: Partial<Record<F, unknown>>,
): { field: F; message: string } | null {
  for (const field of fields) {
    const message = fieldError(field, values[field]);
    if (message !== null) return { field, message };
  }
  return null;
}

/** Each field through its rule, in order: every value as used, or the first invalid field with its message. */
export function parseFields<F extends string>(
  rules: Record<F, Rule>,
  fields: readonly F[],
  input: Partial<Record<F, unknown>>,
): { ok: true; value: Record<F, string> } | { ok: false; field: F; message: string } {
  const value = {} as Record<F, string>;
  for (const field of fields) {
    const result = rules[field](input[field]);
    if (!result.ok) return { ok: false, field, message: result.message };
    value[field] = result.value;
  }
  return { ok: true, value };
}
