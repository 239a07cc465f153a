import type { SelectHTMLAttributes } from 'react';
import { controlProps, Frame, inputClass, type FrameProps, type ValueProps } from './fields';
import { type OptionData, Options } from './Options';

type SelectFieldProps = FrameProps &
  ValueProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange' | 'value'> & {
    /** The first, empty option's text. */
    placeholder: string;
    options: OptionData;
  };

/** A labelled choice from a list, starting with an empty placeholder option. */
export function SelectField({ id, label, error, marked, after, value, onValue, look, placeholder, options, ...select }: SelectFieldProps) {
  return (
    <Frame id={id} label={label} error={error} marked={marked} after={after}>
      <select {...select} {...controlProps(id, error, value, onValue)} className={`${inputClass(!!error, look)} bg-white`}>
        <Options none={placeholder} options={options} />
      </select>
    </Frame>
  );
}
