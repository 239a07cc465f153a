import { useEffect, useState } from 'react';

/**
 * The records a screen's choice lists (the classes the person reaches), loaded once when the
 * screen opens. None while loading or when they cannot be loaded: the choice is then empty and
 * the server, which checks the saved value anyway, says what is wrong.
 */
export function useChoices<T>(load: () => Promise<readonly T[]>): readonly T[] {
  const [choices, setChoices] = useState<readonly T[]>([]);
  // Loaded once: the choices do not change while the screen is open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a new function each render; the first one is the one asked.
  useEffect(() => {
    load().then(setChoices, () => setChoices([]));
  }, []);
  return choices;
}
