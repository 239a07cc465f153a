import { atom } from 'nanostores';

/**
 * UI state shared by every island on a page. Browser-safe (no DOM access at import).
 *
 * The consult modal (留言咨询) is opened from anywhere with `$consultOpen.set(true)` (or
 * `openConsult()`): the floating tools panel, present on every main-layout page, loads the modal
 * the first time this turns true. Do not render the modal yourself.
 */
export const $consultOpen = atom(false);

export function openConsult(): void {
  $consultOpen.set(true);
}

export function closeConsult(): void {
  $consultOpen.set(false);
}
