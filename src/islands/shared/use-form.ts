import { useId, useLayoutEffect, useRef, useState, type SubmitEvent } from 'react';
import { t } from '~/lib/i18n/messages/common';
import { fieldErrors } from '~/lib/rules/rule';
import { toast, type ToastKind } from '~/lib/toast';

/** A message the form shows for itself (the server's refusal, or what the code button says). */
export interface Notice {
  text: string;
  kind: ToastKind;
}

type FieldOf<V> = keyof V & string;
/** Inputs whose value is not what the person typed. */
const CHOICE_INPUTS = new Set(['checkbox', 'radio', 'hidden', 'file']);
/** The fields holding text (inputs, text areas, selects; not the agreement checkbox). */
type TextFieldOf<V> = { [K in FieldOf<V>]: V[K] extends string ? K : never }[FieldOf<V>];
type FieldErrors<V> = Partial<Record<FieldOf<V>, string>>;

export interface FormOptions<V> {
  initial: V | (() => V);
  /** The message for one field's value, or null when it is valid (the form's rules, src/lib/rules). */
  check: (field: FieldOf<V>, value: unknown) => string | null;
}

/**
 * What a submit does once every field is valid. Resolving 'leaving' keeps the form busy (the page
 * is about to be left, nothing may be sent twice); a thrown error's message becomes the notice.
 */
// A submit that leaves nothing to say is an async function returning nothing (void), which `undefined` would refuse.
// biome-ignore lint/suspicious/noConfusingVoidType: see the line above.
export type Send<V> = (values: V) => Promise<void | 'leaving'>;

/**
 * The state every form of the product keeps: values, each field's message, the form's notice and
 * whether a submit is under way. A field's message is checked again as it changes once it is
 * shown; a submit shows every message of the given fields and focuses the first invalid one.
 * Field ids are `${id(field)}` and their messages `${id(field)}-error` (see fields.tsx).
 */
export function useForm<V extends object>({ initial, check }: FormOptions<V>) {
  const uid = useId();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);

  const id = (field: string) => `${uid}-${field}`;

  // Text typed into the server's HTML before the island took it over (a quick hand on a slow
  // connection) is kept: the first render after hydration would put the initial values back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration; later changes come through onValue.
  useLayoutEffect(() => {
    const typed: Record<string, string> = {};
    for (const [name, value] of Object.entries(values)) {
      const el = typeof value === 'string' ? document.getElementById(id(name)) : null;
      const text = el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement || (el instanceof HTMLInputElement && !CHOICE_INPUTS.has(el.type));
      if (text && el.value !== value) typed[name] = el.value;
    }
    if (Object.keys(typed).length) setValues((v) => ({ ...v, ...typed }));
  }, []);

  const recheck = (field: FieldOf<V>, value: unknown) => setErrors((e) => ({ ...e, [field]: check(field, value) ?? undefined }));

  function change<K extends FieldOf<V>>(field: K, value: V[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) recheck(field, value);
  }

  /** Checks a field once it is left with something typed (not on the way through an empty form). */
  function blur(field: FieldOf<V>) {
    if (values[field] !== '' || errors[field]) recheck(field, values[field]);
  }

  /** The props that tie a text field of fields.tsx to this form. */
  function field<K extends TextFieldOf<V>>(name: K) {
    return { id: id(name), name, value: values[name] as string, error: errors[name], onValue: (value: string) => change(name, value as V[K]) };
  }

  /** A field shown with the required mark beside its label (the consult and certificate forms mark every field). */
  function marked<K extends TextFieldOf<V>>(name: K, label: string, placeholder: string) {
    return { ...field(name), label, placeholder, marked: true };
  }

  function reset(next: V) {
    setValues(next);
    setErrors({});
  }

  /**
   * The form's submit handler: nothing while a submit is under way; every message of `fields` is
   * shown and the first invalid field focused (then `onInvalid`); else the notice is cleared and
   * `send` runs with the form busy.
   */
  function onSubmit(fields: readonly FieldOf<V>[], send: Send<V>, onInvalid?: (field: FieldOf<V>, message: string) => void) {
    return async (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy.current) return;
      const found = fieldErrors(fields, check, values as Partial<Record<FieldOf<V>, unknown>>);
      setErrors(found);
      const first = fields.find((f) => found[f]);
      if (first) {
        onInvalid?.(first, found[first]!);
        document.getElementById(id(first))?.focus();
        return;
      }
      busy.current = true;
      setSubmitting(true);
      setNotice(null);
      let leaving = false;
      try {
        leaving = (await send(values)) === 'leaving';
      } catch (error) {
        setNotice({ text: error instanceof Error && error.message ? error.message : t('common.systemBusy'), kind: 'error' });
      } finally {
        if (!leaving) {
          busy.current = false;
          setSubmitting(false);
        }
      }
    };
  }

  return { id, field, marked, values, errors, notice, submitting, change, blur, reset, setValues, setErrors, setNotice, onSubmit };
}

/**
 * The login and registration forms' answer to an invalid submit: the last refusal goes, and a
 * missing agreement is said in a toast as well (its checkbox sits below the fields).
 */
export function warnOnInvalid(setNotice: (notice: Notice | null) => void) {
  return (field: string, message: string) => {
    setNotice(null);
    if (field === 'agreed') toast(message, 'warning');
  };
}
