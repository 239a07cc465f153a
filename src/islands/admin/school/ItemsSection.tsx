import { useState, type ReactNode, type SubmitEvent } from 'react';
import type { z } from 'zod';
import { schemaCheck } from '~/lib/forms/check';
import type { Call } from '~/lib/api/contract';
import { staffSend } from '~/lib/api/staff-client';
import { t } from '~/lib/i18n/messages/admin-school';
import { confirmDialog } from '~/lib/confirm';
import { toast } from '~/lib/toast';
import { Modal } from '../../shared/Modal';
import { useForm } from '../../shared/use-form';
import { Button, Section, useLoaded } from '../shared';
import { FormButtons, ListView, moveActions, movedIds, RowActions, type Column, type Direction } from '../kit';
import { failText } from './form-bits';

/**
 * The school settings' lists of things (service points, certification organisations, project
 * blocks): a table, a dialog to add or edit one, deleting after a confirmation and, where the
 * order is the school's own, moving one up or down. Each section gives its words, columns, calls
 * and form; the behaviour is this one.
 */

/** The message keys each list has: `${prefix}.title`, `.add`, `.edit`, `.empty`, `.deleted`, `.confirmDelete`. */
type Prefix = 'school.points' | 'school.orgs' | 'school.blocks';

type Empty = Record<string, never>;

/** A list's calls: every item, a new one, and a change and deletion of one by its id. */
export interface ItemCalls<T, I> {
  list: Call<Empty, T[]>;
  create: Call<I, T>;
  update: Call<I, T>;
  remove: Call<Empty, null>;
}

/**
 * What an item's dialog form is given: the item (null: a new one); `save`, which creates or changes
 * it, says so and closes the dialog, loading the list again; and `onCancel`.
 */
export interface ItemFormProps<T, I> {
  initial: T | null;
  save: (input: I) => Promise<void>;
  onCancel: () => void;
}

interface ItemsSectionProps<T extends { id: string }, I> {
  prefix: Prefix;
  calls: ItemCalls<T, I>;
  /** The name a deletion's question gives the item. */
  nameOf: (item: T) => string;
  /** Saves a new order of every item (moving one up or down); with its success message. */
  order?: { save: (ids: string[]) => Promise<unknown>; done: string };
  columns: readonly Column<T>[];
  Form: (props: ItemFormProps<T, I>) => ReactNode;
  width: string;
  intro?: ReactNode;
}

export function ItemsSection<T extends { id: string }, I>({ prefix, calls, nameOf, order, columns, Form, width, intro }: ItemsSectionProps<T, I>) {
  const list = useLoaded(() => staffSend(calls.list, {}));
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      toast(done, 'success');
    } catch (e) {
      toast(failText(e, t('common.systemBusy')), 'error');
    } finally {
      setBusy(false);
    }
    list.reload();
  }

  async function onRemove(item: T) {
    if (!(await confirmDialog(t(`${prefix}.confirmDelete`, { name: nameOf(item) })))) return;
    await run(() => staffSend(calls.remove, {}, { params: { id: item.id } }), t(`${prefix}.deleted`));
  }

  const move = (items: readonly T[], index: number, direction: Direction) => {
    if (order) void run(() => order.save(movedIds(items, index, direction)), order.done);
  };

  const save = async (item: T | null, input: I) => {
    await (item ? staffSend(calls.update, input, { params: { id: item.id } }) : staffSend(calls.create, input));
    toast(t(`${prefix}.saved`), 'success');
    setEditing(null);
    list.reload();
  };

  return (
    <Section title={t(`${prefix}.title`)} actions={<Button onClick={() => setEditing('new')}>{t(`${prefix}.add`)}</Button>}>
      {intro}
      <ListView
        list={list}
        label={t(`${prefix}.title`)}
        empty={t(`${prefix}.empty`)}
        rowKey={(item) => item.id}
        columns={[
          ...columns,
          {
            header: t('school.points.colActions'),
            className: 'whitespace-nowrap',
            cell: (item, index, all) => (
              <RowActions
                className="flex gap-2"
                busy={busy}
                actions={[
                  ...(order
                    ? moveActions([t('school.blocks.moveUp'), t('school.blocks.moveDown')], (d) => move(all, index, d), { index, count: all.length })
                    : []),
                  { label: t('school.admin.edit'), onClick: () => setEditing(item) },
                  { label: t('school.admin.delete'), kind: 'danger', onClick: () => void onRemove(item) },
                ]}
              />
            ),
          },
        ]}
      />
      <Modal open={editing !== null} title={editing === 'new' ? t(`${prefix}.add`) : t(`${prefix}.edit`)} onClose={() => setEditing(null)} width={width}>
        {editing !== null && (
          <div key={editing === 'new' ? 'new' : editing.id}>
            <Form
              initial={editing === 'new' ? null : editing}
              save={(input) => save(editing === 'new' ? null : editing, input)}
              onCancel={() => setEditing(null)}
            />
          </div>
        )}
      </Modal>
    </Section>
  );
}

interface ItemFormOptions<V extends object, I> {
  /** The form's values as it opens (text where a person types a number). */
  values: V;
  /** The values as the calls take them (a number typed as text becomes a number). */
  input: (values: V) => I;
  schema: z.ZodObject;
  /** A field's message the schema does not give (a blank rich text, say). */
  extraCheck?: (field: string, value: unknown) => string | null;
  /** A message across fields, checked on submit: the field it belongs to and its words. */
  across?: (values: V) => { field: keyof V & string; message: string } | null;
  save: (input: I) => Promise<void>;
}

/**
 * An item's dialog form: its values and messages in useForm, each field checked with the schema
 * its route validates with; a saved item says so and closes the dialog, a refusal is said in a toast.
 */
export function useItemForm<V extends object, I>({ values: initial, input, schema, extraCheck, across, save }: ItemFormOptions<V, I>) {
  const fromSchema = schemaCheck(schema);
  const form = useForm<V>({ initial, check: (field, value) => extraCheck?.(field, value) ?? fromSchema(field, value) });
  const fields = Object.keys(initial) as (keyof V & string)[];
  const submit = form.onSubmit(fields, async (values) => {
    const wrong = across?.(values);
    if (wrong) {
      form.setErrors((e) => ({ ...e, [wrong.field]: wrong.message }));
      return;
    }
    try {
      await save(input(values));
    } catch (e) {
      toast(failText(e, t('common.systemBusy')), 'error');
    }
  });
  /** The props of form-bits' Field for a text field of this form. */
  const text = (name: keyof V & string) => ({
    id: form.id(name),
    value: String(form.values[name]),
    onValue: (value: string) => form.change(name, value as V[keyof V & string]),
    onBlur: () => form.blur(name),
    error: form.errors[name],
  });
  return { form, submit, text };
}

/** The dialog form's frame: its fields in a grid, then save and cancel. */
export function ItemForm({
  onSubmit,
  busy,
  onCancel,
  children,
}: {
  onSubmit: (e: SubmitEvent<HTMLFormElement>) => void;
  busy: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form noValidate className="grid gap-3 sm:grid-cols-2" onSubmit={onSubmit}>
      {children}
      <FormButtons className="flex justify-end gap-3 sm:col-span-2" save={t('school.admin.save')} busy={busy} lockCancel onCancel={onCancel} />
    </form>
  );
}

/** A checkbox of an item's form (shown on the public page, say). */
export function CheckField({ label, checked, onChange, className }: { label: string; checked: boolean; onChange: (v: boolean) => void; className: string }) {
  return (
    <label className={`flex items-center gap-2 text-sm text-ink ${className}`}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} className="h-4 w-4" />
      {label}
    </label>
  );
}
