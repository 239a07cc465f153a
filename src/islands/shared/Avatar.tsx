/**
 * The looks of a person's round picture, by where it stands: its box (size), what shows behind a
 * picture still loading, the initial's tint when there is no picture, and the width and height
 * attributes where the page reserves the space before the picture arrives.
 */
const LOOKS = {
  /** A comment's author (home). */
  small: { px: 28, box: 'h-7 w-7 shrink-0', behind: '', letter: 'bg-brand-soft text-xs text-brand' },
  /** A review's author (home). */
  large: { px: 40, box: 'h-10 w-10', behind: '', letter: 'bg-brand-soft text-brand' },
  /** The student card of the class page. */
  student: { px: undefined, box: 'h-12 w-12 shrink-0', behind: '', letter: 'bg-brand text-lg font-bold text-white' },
  /** The learner card of 我的学习. */
  learner: { px: undefined, box: 'h-14 w-14', behind: '', letter: 'bg-brand text-xl font-bold text-white' },
  /** A teacher of a face-to-face classroom. */
  teacher: { px: undefined, box: 'h-10 w-10', behind: '', letter: 'bg-slate-200 font-semibold text-slate-600' },
  /** A teacher in a course's introduction. */
  lecturer: { px: undefined, box: 'h-10 w-10 shrink-0', behind: 'bg-slate-100 ', letter: 'bg-brand-soft font-semibold text-brand-dark' },
} as const;

/** A person's round picture; without one, the first character of the name on a tint (hidden from screen readers: the name stands beside it). */
export function Avatar({ pic, name, look }: { pic: string | null | undefined; name: string; look: keyof typeof LOOKS }) {
  const { px, box, behind, letter } = LOOKS[look];
  return pic ? (
    <img src={pic} alt="" width={px} height={px} className={`${box} rounded-full ${behind}object-cover`} />
  ) : (
    <span aria-hidden="true" className={`flex ${box} items-center justify-center rounded-full ${letter}`}>
      {name.slice(0, 1)}
    </span>
  );
}
