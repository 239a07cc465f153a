import type { ReactNode } from 'react';

interface Props {
  id: string;
  title: ReactNode;
  className?: string;
  /** The heading's look: a card's part by default; the larger parts of 我的学习 and the classroom give theirs. */
  headingClass?: string;
  /** A part inside another part (the class page's dynamics inside 今日) is named one level down. */
  level?: 'h2' | 'h3';
  /** Something the part offers beside its name (a link, a pause button, its state), at the row's far end. */
  aside?: ReactNode;
  children: ReactNode;
}

/** A part of a learner page named by its own heading (the section is labelled by it, so a screen reader lists it by name). */
export function TitledSection({ id, title, className, headingClass = 'text-base font-semibold text-ink', level: Heading = 'h2', aside, children }: Props) {
  const heading = (
    <Heading id={id} className={headingClass}>
      {title}
    </Heading>
  );
  return (
    <section aria-labelledby={id} className={className}>
      {aside ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
