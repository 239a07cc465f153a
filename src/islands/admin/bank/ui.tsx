import type { ReactNode } from 'react';
import { t } from '~/lib/i18n/messages/admin-bank';
import type { AdminQuestionQuery } from '~/lib/api/contracts/admin-bank';
import { BANK_TYPES } from '~/lib/exams/question-bank';
import { fieldClass } from '../shared';
import { Labelled, filledIn, type FilterField, type FilterValues } from '../kit';

/** Small labelled fields of the bank's screens (a label tied to its control, as tests and screen readers find them). */

export function Input({
  label,
  value,
  onValue,
  type = 'text',
  width = '',
  placeholder,
}: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  type?: 'text' | 'number';
  width?: string;
  placeholder?: string;
}) {
  return (
    <Labelled label={label} className={width}>
      {(id) => (
        <input
          id={id}
          type={type}
          value={value}
          placeholder={placeholder}
          onChange={(e) => onValue(e.target.value)}
          className={fieldClass}
          step={type === 'number' ? 'any' : undefined}
        />
      )}
    </Labelled>
  );
}

export function TextArea({ label, value, onValue, rows = 3 }: { label: string; value: string; onValue: (v: string) => void; rows?: number }) {
  return (
    <Labelled label={label}>{(id) => <textarea id={id} rows={rows} value={value} onChange={(e) => onValue(e.target.value)} className={fieldClass} />}</Labelled>
  );
}

export function Check({
  label,
  checked,
  onChecked,
  type = 'checkbox',
  name,
}: {
  label: ReactNode;
  checked: boolean;
  onChecked: (v: boolean) => void;
  type?: 'checkbox' | 'radio';
  name?: string;
}) {
  return (
    <label className="inline-flex items-center gap-2 text-sm">
      <input type={type} name={name} checked={checked} onChange={(e) => onChecked(e.target.checked)} className="h-4 w-4" />
      {label}
    </label>
  );
}

/** The text of a stem for a list: tags dropped, spaces folded, cut to `max`. */
export function excerpt(html: string, max = 60): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** Paragraph HTML as the lines of a plain text box (the sub-questions' stems are typed as text). */
export function htmlToText(html: string): string {
  return html
    .replace(/<\/p>\s*<p[^>]*>/g, '\n')
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim();
}

/** The options' letters: A, B, … by position. */
export const letter = (i: number) => String.fromCharCode(65 + i);

export const typeLabel = (type: number) => t(`bank.type.${type}` as 'bank.type.1');
export const TYPE_OPTIONS = BANK_TYPES.map((v) => [v, typeLabel(v)] as const);

/** The longest part of a stem searched for (the route's limit on a search). */
const KEYWORD_MAX = 20;

/** The filters of a list of the bank's questions (the bank's screen, a paper's 从题库添加): stem, type and, given, category. */
export type QuestionFilter = 'keyword' | 'questionType' | 'category';
export const QUESTION_FILTER_BLANK: FilterValues<QuestionFilter> = { keyword: '', questionType: '', category: '' };

export function questionFilters(categories?: readonly string[]): FilterField<QuestionFilter>[] {
  return [
    { name: 'keyword', label: t('bank.keyword'), kind: 'search', maxLength: KEYWORD_MAX },
    { name: 'questionType', label: t('bank.filterType'), kind: 'select', any: t('bank.all'), options: TYPE_OPTIONS },
    ...(categories
      ? [{ name: 'category', label: t('bank.filterCategory'), kind: 'select', any: t('bank.all'), options: categories.map((c) => [c, c] as const) } as const]
      : []),
  ];
}

/** The first page of the questions the filters ask for. */
export function questionQuery(values: FilterValues<QuestionFilter>, size: number): AdminQuestionQuery {
  const { questionType, ...rest } = filledIn(values);
  return { current: 1, size, ...rest, ...(questionType ? { questionType: Number(questionType) } : {}) };
}

/** The bank's filter bars: one row of fields and 查询, no 重置. */
export const BANK_FILTER_BAR = { resettable: false, submitText: t('bank.search'), className: 'mb-4 flex flex-wrap items-end gap-3' } as const;

/** A typed count for a route: blank is none (the form's schema has checked that it names a number). */
export const countOf = (text: string) => (text.trim() ? Number(text) : null);
