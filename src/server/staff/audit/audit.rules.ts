/** The pure rules of the audit log (tests/unit/staff-rules.test.ts). */

/**
 * Field names never written to the log, whatever an action passes: anything ending in Password,
 * Hash, Secret or Token (a new password as much as an old one), a code, a challenge, a CSRF token.
 * (When a password was changed is fine.)
 */
const SECRET_FIELD = /password$|hash$|secret$|token$|^code$|challenge|^csrf/i;

type Fields = Record<string, unknown>;

/** The longest name an entry keeps of its thing (staff_audit_log.target_name). */
export const TARGET_NAME_MAX = 80;

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function withoutSecrets(fields: Fields | null): Fields | null {
  if (!fields) return null;
  const kept = Object.entries(fields).filter(([key, value]) => !SECRET_FIELD.test(key) && value !== undefined);
  return kept.length ? Object.fromEntries(kept) : null;
}

/**
 * What an entry keeps of a change: the fields whose values differ, before and after (a field
 * present on one side only counts as changed), without any secret field. Null on a side with
 * nothing left (a creation has no before, a removal no after).
 */
export function changedFields(before: Fields | null, after: Fields | null): { before: Fields | null; after: Fields | null } {
  const b = withoutSecrets(before) ?? {};
  const a = withoutSecrets(after) ?? {};
  // A field on one side only differs: the other side's JSON text (of undefined) is no JSON value's.
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !sameValue(b[k], a[k]));
  const pick = (side: Fields) => {
    const entries = keys.filter((k) => k in side).map((k) => [k, side[k]] as const);
    return entries.length ? Object.fromEntries(entries) : null;
  };
  return { before: pick(b), after: pick(a) };
}

/** A stored side of an entry back as an object (null when absent or unreadable). */
export function parseSide(json: string | null): Fields | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : null;
  } catch {
    return null;
  }
}
