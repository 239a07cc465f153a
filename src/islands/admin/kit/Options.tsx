import { Options as OptionTags } from '~/islands/shared/Options';

/** A choice's options as data: its value and the words it shows. */
export type Options = readonly (readonly [string | number, string])[];

/**
 * A select's options from data, after a blank one with the words `blank` when the choice may be
 * left empty (every one, or none yet): the shared option tags over the staff side's [value, words] pairs.
 */
export function OptionList({ options, blank }: { options: Options; blank?: string | undefined }) {
  return <OptionTags none={blank} options={options.map(([value, label]) => ({ value: String(value), label }))} />;
}
