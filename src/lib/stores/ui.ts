import { atom } from 'nanostores';

/**
 * UI state shared by every island on a page. Browser-safe (no DOM access at import).
 *
 * The consult modal (留言咨询) opens from any control marked `data-consult-open`: the floating tools
 * panel, present on every main-layout page, listens on the document, loads and mounts the modal on
 * first use and then sets this store (which the modal, once mounted, follows). Do not render the
 * modal yourself.
 */
export const $consultOpen = atom(false);

export function openConsult(): void {
  $consultOpen.set(true);
}

export function closeConsult(): void {
  $consultOpen.set(false);
}
