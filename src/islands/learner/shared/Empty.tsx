/** The spec's empty text of a list. */
export function Empty({ text }: { text: string }) {
  return <p className="rounded-lg border border-dashed border-slate-300 py-10 text-center text-sm text-muted">{text}</p>;
}
