/**
 * The list-screen kit of the staff side: a list's state and row actions (useListScreen), its
 * filters (FilterBar), its table with columns declared as data and its loading, refused and empty
 * states (DataTable, ListView), and a row's buttons (RowActions). Every admin list screen is made
 * of these, so a change to how lists look or behave is made once.
 */
export { useListScreen, withRow, toastFailure, type ListScreen, type ListState, type RowRun } from './use-list-screen';
export { FilterBar, filledIn, type FilterField, type FilterValues } from './FilterBar';
export { Choice } from './Choice';
export { Options, type Option, type OptionData } from '~/islands/shared/Options';
export { FieldBox, Labelled, SelectField } from './Labelled';
export { FormButtons } from './FormButtons';
export { CheckButtons, CsvHelp, RunReport } from './CheckRun';
export { textValues } from './values';
export { listEdits } from './rows';
export { useChoices } from './choices';
export { useStaffClasses, useGivenClass, useClassChoice } from './classes';
export { movedIds, moveActions, type Direction } from './order';
export { DataTable, ListStates, ListView, PagedList, RowActions, type Column, type RowAction } from './DataTable';
