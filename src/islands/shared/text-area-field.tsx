import type { TextareaHTMLAttributes } from 'react';
import { controlProps, Frame, inputClass, type FrameProps, type ValueProps } from './fields';

type TextAreaFieldProps = FrameProps & ValueProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange' | 'value'>;

/** A labelled multi-line input the user may make taller. */
export function TextAreaField({ id, label, error, marked, after, value, onValue, look, ...area }: TextAreaFieldProps) {
  return (
    <Frame id={id} label={label} error={error} marked={marked} after={after}>
      <textarea {...area} {...controlProps(id, error, value, onValue)} className={`${inputClass(!!error, look)} resize-y`} />
    </Frame>
  );
}
