import { useState, type ReactNode } from 'react';
import { t } from '~/lib/i18n/messages/admin';
import { Button, fieldClass } from '../shared';
import type { OptionData } from '~/islands/shared/Options';
import { Choice } from './Choice';
import { Labelled } from './Labelled';

/**
 * The filters above a list, declared as data: each a labelled date, search box or choice. With
 * `apply="submit"` people fill them in and press 查询 (重置 empties them and asks the blank
 * query); a choice marked `now` asks at once even then (a list's state, its class), while the
 * search box waits for 查询. With `apply="change"` every field asks at once and there are no buttons.
 */
export type FilterField<K extends string> = {
  name: K;
  label: string;
  /** A choice that asks at once, beside fields that wait for 查询. */
  now?: boolean;
  /** The field whose choice this one's choices depend on (a class's lessons): emptied when that one changes. */
  dependsOn?: K;
} & (
  | { kind: 'date' }
  | { kind: 'search'; maxLength: number; placeholder?: string }
  | {
      kind: 'select';
      /** The blank choice's words (any of them); none: a value must be chosen. */
      any?: string;
      options: OptionData;
    }
);

export type FilterValues<K extends string> = Record<K, string>;

interface FilterBarProps<K extends string> {
  /** Prefix of the fields' ids (`${idPrefix}-${name}`). */
  idPrefix: string;
  fields: readonly FilterField<K>[];
  /** The values shown at first and put back by 重置. */
  blank: FilterValues<K>;
  /** Asked with the values when 查询 is pressed (or a choice changes, with apply="change"). */
  onSearch: (values: FilterValues<K>) => void;
  /** Asked by 重置 (after the fields are emptied). */
  onReset?: () => void;
  apply?: 'submit' | 'change';
  /** The grid's column classes (how many filters share a row on a wide screen). */
  grid?: string;
  /** The search button's words (查询 unless told). */
  submitText?: string;
  /** False: no 重置 button. */
  resettable?: boolean;
  /** Buttons of the screen's own beside 查询 and 重置. */
  extra?: ReactNode;
  /** The values held by the screen instead (kept while the bar is not shown, e.g. while a row is open). */
  held?: [FilterValues<K>, (v: FilterValues<K>) => void];
  /** The values of the query shown now, over what was typed: a field that asks at once shows what the list was asked for. */
  current?: Partial<FilterValues<K>>;
  /** The bar's own layout classes instead of the grid (a row of fields beside a list). */
  className?: string;
}

export function FilterBar<K extends string>({
  idPrefix,
  fields,
  blank,
  onSearch,
  onReset,
  apply = 'submit',
  grid = 'sm:grid-cols-2 lg:grid-cols-5 lg:items-end',
  submitText = t('admin.audit.search'),
  resettable = true,
  extra,
  held,
  current,
  className,
}: FilterBarProps<K>) {
  const own = useState<FilterValues<K>>(blank);
  const [typed, setValues] = held ?? own;
  const values = { ...typed, ...current };
  const change = (field: FilterField<K>, value: string) => {
    const next = withChange(values, fields, field.name, value);
    setValues(next);
    if (apply === 'change' || field.now) onSearch(next);
  };
  const controls = fields.map((f) => (
    <FilterControl key={f.name} id={`${idPrefix}-${f.name}`} field={f} value={values[f.name]} onValue={(v) => change(f, v)} />
  ));
  if (apply === 'change') return <div className={className ?? 'mb-4 flex flex-wrap items-end gap-3'}>{controls}</div>;
  return (
    <form
      className={className ?? `grid gap-4 ${grid}`}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(values);
      }}
    >
      {controls}
      <div className="flex gap-2">
        <Button kind={resettable ? 'primary' : 'plain'} type="submit">
          {submitText}
        </Button>
        {resettable && (
          <Button
            onClick={() => {
              setValues(blank);
              (onReset ?? (() => onSearch(blank)))();
            }}
          >
            {t('admin.audit.reset')}
          </Button>
        )}
        {extra}
      </div>
    </form>
  );
}

function FilterControl<K extends string>({ id, field, value, onValue }: { id: string; field: FilterField<K>; value: string; onValue: (v: string) => void }) {
  if (field.kind === 'select') return <Choice id={id} label={field.label} value={value} onValue={onValue} options={field.options} any={field.any} />;
  return (
    <Labelled id={id} label={field.label}>
      {(inputId) => (
        <input
          id={inputId}
          type={field.kind}
          maxLength={field.kind === 'search' ? field.maxLength : undefined}
          placeholder={field.kind === 'search' ? field.placeholder : undefined}
          className={fieldClass}
          value={value}
          onChange={(e) => onValue(e.target.value)}
        />
      )}
    </Labelled>
  );
}

/** The values with one field changed, and the fields that depend on it emptied. */
export function withChange<K extends string>(values: FilterValues<K>, fields: readonly FilterField<K>[], name: K, value: string): FilterValues<K> {
  const next: FilterValues<K> = { ...values, [name]: value };
  for (const f of fields) if (f.dependsOn === name) next[f.name] = '';
  return next;
}

/** The values that were filled in (blank ones left out), trimmed, as a query asks for them. */
export function filledIn<K extends string>(values: FilterValues<K>): Partial<FilterValues<K>> {
  const out: Partial<FilterValues<K>> = {};
  for (const [k, v] of Object.entries(values) as [K, string][]) if (v.trim() !== '') out[k] = v.trim();
  return out;
}
