/**
 * A set of named values declared once as an object `as const` (a role, a state, a rule: the names
 * for the code, the values for storage and the wire). Its type, its list and the check of a value
 * read from outside are derived from that one declaration, so a value added there is in all three.
 */

/** The values of a set declared `as const`. */
export type ValueOf<T> = T[keyof T];

/**
 * Every value of the set, in the order declared (what screens list; a non-empty tuple, as zod's
 * enum takes).
 */
export function valuesOf<T extends Readonly<Record<string, string | number>>>(set: T): [ValueOf<T>, ...ValueOf<T>[]] {
  return Object.values(set) as [ValueOf<T>, ...ValueOf<T>[]];
}

/** Whether a value from outside (a stored row, a request) is one of `values`. */
export function isOneOf<V extends string | number>(values: readonly V[], value: unknown): value is V {
  return (values as readonly unknown[]).includes(value);
}
