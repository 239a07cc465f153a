const LOOK = 'rounded-lg border border-dashed border-slate-300 py-10 text-center text-sm text-muted';

/** The spec's empty text of a list; `className` sets it apart from a heading above it. */
export function Empty({ text, className }: { text: string; className?: string }) {
  return <p className={className ? `${className} ${LOOK}` : LOOK}>{text}</p>;
}
