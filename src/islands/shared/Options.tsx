/** One option of a choice: the value sent (as its text) and the words shown. */
export type Option = readonly [value: string | number, words: string];

/** A choice's options as data, in the order they are shown. */
export type OptionData = readonly Option[];

/**
 * A select's options: first the empty one, saying what choosing nothing means, when `none` is
 * given; then each value with its words. Visitor and staff selects alike list theirs through it.
 */
export function Options({ none, options }: { none?: string | undefined; options: OptionData }) {
  return (
    <>
      {none !== undefined && <option value="">{none}</option>}
      {options.map(([value, words]) => (
        <option key={value} value={String(value)}>
          {words}
        </option>
      ))}
    </>
  );
}
