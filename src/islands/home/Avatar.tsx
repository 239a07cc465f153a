const SIZES = {
  small: { px: 28, box: 'h-7 w-7 shrink-0', letter: 'text-xs text-brand' },
  large: { px: 40, box: 'h-10 w-10', letter: 'text-brand' },
} as const;

/** An author's round picture; without one, the first character of the name on the brand tint. */
export function Avatar({ pic, name, size }: { pic: string | null; name: string; size: keyof typeof SIZES }) {
  const { px, box, letter } = SIZES[size];
  return pic ? (
    <img src={pic} alt="" width={px} height={px} className={`${box} rounded-full object-cover`} />
  ) : (
    <span aria-hidden="true" className={`flex ${box} items-center justify-center rounded-full bg-brand-soft ${letter}`}>
      {name.slice(0, 1)}
    </span>
  );
}
