/** One option of a choice: the value sent and the words shown. */
export interface Option {
  value: string;
  label: string;
}

/**
 * A select's options: first the empty one, saying what choosing nothing means, when `none` is
 * given; then each value with its words. Visitor and staff selects alike list theirs through it.
 */
export function Options({ none, options }: { none?: string | undefined; options: readonly Option[] }) {
  return (
    <>
      {none !== undefined && <option value="">{none}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </>
  );
}
