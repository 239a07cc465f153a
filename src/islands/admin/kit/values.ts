/** The keys of a record's fields that hold text (or nothing). */
type TextKeys<R> = { [K in keyof R]-?: NonNullable<R[K]> extends string ? K : never }[keyof R] & string;

/**
 * A form's text fields as they start: each named field of the record being edited, '' where it
 * has none (a new record, or a field left empty), since an input always holds a string.
 */
export function textValues<R extends object, K extends TextKeys<R>>(record: R | null | undefined, keys: readonly K[]): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const key of keys) out[key] = (record?.[key] as string | null | undefined) ?? '';
  return out;
}
