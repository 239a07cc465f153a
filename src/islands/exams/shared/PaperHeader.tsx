import type { ReactNode } from 'react';

/**
 * The paper's title with the round ← button that leaves it, as the answering and the review pages
 * show it; what follows the title (the time left, the total score) and the header's own layout
 * are the page's.
 */
export function PaperHeader({
  title,
  backLabel,
  onBack,
  className,
  children,
}: {
  title: string;
  backLabel: string;
  onBack: () => void;
  className: string;
  children?: ReactNode;
}) {
  return (
    <header className={className}>
      <button
        type="button"
        aria-label={backLabel}
        onClick={onBack}
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-xl text-slate-700 hover:bg-slate-100"
      >
        <span aria-hidden="true">←</span>
      </button>
      <h1 className="min-w-0 flex-1 break-words text-lg font-semibold text-ink">{title}</h1>
      {children}
    </header>
  );
}
