/**
 * The editor's box, the same size while its code loads (RichTextField's placeholder) and once it
 * shows, so a form below it does not move under the pointer when the editor arrives: the toolbar
 * (two rows on a phone, one from the sm width) and the text's 16rem. The text grows to fill the box
 * where the toolbar takes fewer rows. Kept apart from the editor so the placeholder does not load it.
 */
export const EDITOR_BOX = 'flex min-h-[21rem] flex-col rounded-lg border border-slate-300 bg-white sm:min-h-[18.75rem]';
