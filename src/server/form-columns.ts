/**
 * A staff form of the school's own records (its settings, service points, certification
 * organisations) shows every value as text: one the school left out as '',
 * a coordinate as its digits. Its table stores what was left out as null and a coordinate as a
 * number. One declaration of a form's fields (in the order the API answers them) gives both
 * directions, so no field is read one way and written another.
 */

/** `same`: stored as the form has it; `optional`: '' in the form, null in the row; `coordinate`: text in the form, a number or null in the row. */
export type FieldKind = 'same' | 'optional' | 'coordinate';

type Fields = Record<string, FieldKind>;

type Stored<Kind> = Kind extends 'optional' ? string | null : Kind extends 'coordinate' ? number | null : unknown;

type Checked<Kind> = Kind extends 'optional' ? string : Kind extends 'coordinate' ? number | null : unknown;

type Shown<F extends Fields, R> = { [K in keyof F]: F[K] extends 'same' ? (K extends keyof R ? R[K] : never) : string };

type Written<F extends Fields, I> = { [K in keyof F]: F[K] extends 'same' ? (K extends keyof I ? I[K] : never) : Stored<F[K]> };

/** The form's values of a row: what was left out as '', a coordinate as its digits. */
export function formOf<F extends Fields, R extends { [K in keyof F]: Stored<F[K]> }>(fields: F, row: R): Shown<F, R> {
  const shown: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(fields)) {
    const value = row[key as keyof R];
    shown[key] = kind === 'same' ? value : value === null ? '' : String(value);
  }
  return shown as Shown<F, R>;
}

/** The columns of checked form values (coordinates already numbers): '' stored as null. */
export function columnsOf<F extends Fields, I extends { [K in keyof F]: Checked<F[K]> }>(fields: F, input: I): Written<F, I> {
  const written: Record<string, unknown> = {};
  for (const [key, kind] of Object.entries(fields)) {
    const value = input[key as keyof I];
    written[key] = kind === 'optional' && value === '' ? null : value;
  }
  return written as Written<F, I>;
}
