/**
 * A list a form edits in place (a class's teachers, a major's certificates, a paper's groups):
 * change a row by its place, remove one, add one at the end. Each gives `onList` the new list,
 * which the form keeps; the rows have no id of their own until they are saved.
 */
export function listEdits<R>(list: readonly R[], onList: (list: R[]) => void) {
  return {
    put: (i: number, patch: Partial<R>) => onList(list.map((row, j) => (j === i ? { ...row, ...patch } : row))),
    remove: (i: number) => onList(list.filter((_row, j) => j !== i)),
    add: (row: R) => onList([...list, row]),
  };
}
