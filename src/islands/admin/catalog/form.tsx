import { createContext, useContext, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { schemaErrors } from '~/lib/forms/check';
import { t } from '~/lib/i18n/messages/admin-catalog';
import { CATALOG_STATE, type CatalogState } from '~/lib/api/contracts/admin-catalog';
import { inputClass } from '../../shared/fields';
import { Button } from '../shared';
import { type OptionData, Options } from '../kit';
import { localInputValue } from '~/lib/time/cst';
import { toast } from '~/lib/toast';

/** The pieces of the catalogue's forms: a send that keeps the form busy and shows the server's refusal, the refusal, the fields. */

const messageOf = (e: unknown) => (e instanceof Error ? e.message : t('common.systemBusy'));

/** A form's send: busy while it runs, the server's refusal kept as its message. */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  async function run(send: () => Promise<void>) {
    setBusy(true);
    setMessage(null);
    try {
      await send();
    } catch (e) {
      setMessage(messageOf(e));
    } finally {
      setBusy(false);
    }
  }
  return { busy, message, run };
}

/** An action from a list (publish, delete, move): busy while it runs, its outcome said in a toast. Answers whether it succeeded. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  async function act(run: () => Promise<unknown>, done: string): Promise<boolean> {
    setBusy(true);
    try {
      await run();
      toast(done, 'success');
      return true;
    } catch (e) {
      toast(messageOf(e), 'error');
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, act };
}

/** The server's refusal under a form. */
export function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

/**
 * A catalogue form's fields by name: each one's id, the schema's words for it, and its value, which
 * a change sets (clearing the words).
 */
interface FormFields {
  idOf: (name: string) => string;
  errorOf: (name: string) => string | undefined;
  valueOf: (name: string) => string;
  change: (name: string, value: string) => void;
}
const FormFieldsContext = createContext<FormFields | null>(null);

/** A catalogue form's values while it is edited, for what is drawn without a `name` (a picture, rich text, a list). */
export interface FormValues<V> {
  values: V;
  set: (patch: Partial<V>) => void;
}

/**
 * A catalogue form: it holds its values (from `start`, by field name; a control with a `name` reads
 * and changes its own), checked before they are sent, as `input` makes them (a number typed as text
 * becomes a number), by the schema the route validates with (src/lib/forms/catalog.ts): the first
 * refused field shows its words and takes the focus; the server's refusal; saving as a draft or
 * published. A refusal of a field drawn without a `name` (a picture, a list of choices) or across
 * fields is said under the form.
 */
export function CatalogForm<V extends Record<string, unknown>, F extends object>({
  children,
  schema,
  start,
  input,
  save,
  onCancel,
}: {
  children: ReactNode | ((form: FormValues<V>) => ReactNode);
  schema: z.ZodType;
  start: V;
  input: (values: V) => F;
  save: (fields: F, state: CatalogState) => Promise<void>;
  onCancel: () => void;
}) {
  const { busy, message, run } = useSubmit();
  const formId = useId();
  const [values, setValues] = useState(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const named = useRef(new Set<string>());
  const idOf = (name: string) => {
    named.current.add(name);
    return `${formId}-${name}`;
  };
  const set = (patch: Partial<V>) => setValues((v) => ({ ...v, ...patch }));
  const context: FormFields = {
    idOf,
    errorOf: (name) => errors[name],
    valueOf: (name) => String(values[name] ?? ''),
    change: (name, value) => {
      setErrors((e) => (name in e ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== name)) : e));
      set({ [name]: value } as Partial<V>);
    },
  };
  const elsewhere = Object.entries(errors).find(([name]) => !named.current.has(name))?.[1] ?? null;
  const send = (state: CatalogState) =>
    run(async () => {
      const fields = input(values);
      const found = schemaErrors(schema, { ...fields, state });
      setErrors(found);
      const first = Object.keys(found).find((name) => named.current.has(name));
      if (first) document.getElementById(idOf(first))?.focus();
      if (Object.keys(found).length === 0) await save(fields, state);
    });
  return (
    <FormFieldsContext.Provider value={context}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void send(CATALOG_STATE.PUBLISHED);
        }}
      >
        {typeof children === 'function' ? children({ values, set }) : children}
        <FormAlert message={message ?? elsewhere} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button onClick={onCancel} disabled={busy}>
            {t('catalog.cancel')}
          </Button>
          <Button onClick={() => void send(CATALOG_STATE.DRAFT)} disabled={busy}>
            {t('catalog.saveDraft')}
          </Button>
          <Button kind="primary" type="submit" disabled={busy}>
            {t('catalog.savePublish')}
          </Button>
        </div>
      </form>
    </FormFieldsContext.Provider>
  );
}

/**
 * A control of the catalogue form around it: with `name`, that field of the form (its id, value,
 * refusal and change); without, its own id and the value and change it is given.
 */
function useCatalogField(field: ControlOf) {
  const form = useContext(FormFieldsContext);
  const own = useId();
  const bound = field.name !== undefined && form ? { form, name: field.name } : null;
  const id = bound ? bound.form.idOf(bound.name) : own;
  const error = bound?.form.errorOf(bound.name);
  return {
    id,
    error,
    value: bound ? bound.form.valueOf(bound.name) : (field.value ?? ''),
    described: (error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {}) satisfies Partial<ControlProps>,
    change: (value: string) => (bound ? bound.form.change(bound.name, value) : field.onValue?.(value)),
  };
}

/** A field's refusal under it (its id is the one the field names in aria-describedby). */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

/** The time a draft is published at: a date and time (China Standard Time), checked by the server. */
export function ScheduleForm({ initial, save, onCancel }: { initial: number | null; save: (publishAt: string) => Promise<void>; onCancel: () => void }) {
  const id = useId();
  const hintId = useId();
  const [when, setWhen] = useState(initial === null ? '' : localInputValue(initial));
  const { busy, message, run } = useSubmit();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(() => save(when.replace('T', ' ')));
  };
  return (
    <form noValidate className="space-y-4" onSubmit={submit}>
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
          {t('catalog.scheduleField')}
        </label>
        <input id={id} type="datetime-local" value={when} onChange={(e) => setWhen(e.target.value)} aria-describedby={hintId} className={inputClass(false)} />
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {t('catalog.scheduleHint')}
        </p>
      </div>
      <FormAlert message={message} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button onClick={onCancel} disabled={busy}>
          {t('catalog.cancel')}
        </Button>
        <Button kind="primary" type="submit" disabled={busy}>
          {t('catalog.scheduleSave')}
        </Button>
      </div>
    </form>
  );
}

/** A control's label and, by `name`, the field of the form it reads and changes (or, without, its own value and change). */
type ControlOf = { label: string; required?: boolean } & (
  | { name: string; value?: undefined; onValue?: undefined }
  | { name?: undefined; value: string; onValue: (v: string) => void }
);

/** What a control of a catalogue form is given: its id, look, value and change, and its accessible state. */
interface ControlProps {
  id: string;
  className: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  'aria-required'?: true;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A labelled control of a catalogue form (`children` draws it with the given props); with `name`,
 * checked as that field of the form's schema, its refusal under it and cleared by a change.
 */
function Control({ field, children }: { field: ControlOf; children: (props: ControlProps) => ReactNode }) {
  const { id, error, value, described, change } = useCatalogField(field);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
        {field.label}
        {field.required ? (
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        className: inputClass(Boolean(error)),
        value,
        onChange: (e) => change(e.target.value),
        ...(field.required ? { 'aria-required': true } : {}),
        ...described,
      })}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A single-line input of a catalogue form. */
export function Field({
  type = 'text',
  maxLength,
  inputMode,
  step,
  ...field
}: ControlOf & { type?: string; maxLength?: number; inputMode?: 'numeric' | 'decimal' | 'text'; step?: string }) {
  return <Control field={field}>{(props) => <input {...props} type={type} maxLength={maxLength} inputMode={inputMode} step={step} />}</Control>;
}

/** A several-line text of a catalogue form. */
export function TextBox({ maxLength, ...field }: ControlOf & { maxLength: number }) {
  return <Control field={field}>{(props) => <textarea {...props} maxLength={maxLength} rows={3} />}</Control>;
}

/**
 * A choice of a catalogue form: its options as [value, words], after a blank one with the words
 * `blank` when it may be left unchosen.
 */
export function SelectBox({ options, blank, ...field }: ControlOf & { options: OptionData; blank?: string }) {
  return (
    <Control field={field}>
      {(props) => (
        <select {...props}>
          <Options options={options} none={blank} />
        </select>
      )}
    </Control>
  );
}

/** Optional text as the server takes it: blank is none. */
export const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** A form's optional texts, named by `keys`, as the server takes them: blank is none. */
export function orNulls<V extends Record<K, string>, K extends keyof V & string>(values: V, keys: readonly K[]): Record<K, string | null> {
  return Object.fromEntries(keys.map((key) => [key, orNull(values[key])])) as Record<K, string | null>;
}

/** A catalogue row's place in its list (typed as text, sent as a number). */
export function SeqField() {
  return <Field name="seq" label={t('catalog.field.seq')} type="number" inputMode="numeric" />;
}
