/**
 * The one cleaning rule for text a person typed that others will read (comments, replies, notes,
 * questions, consult messages). Browser-safe, so a form can show the text as it will be kept.
 *
 * Removed:
 * - C0 control characters other than tab and the line breaks, DEL and the C1 controls: nobody
 *   types them, pasted text sometimes carries them, and PostgreSQL refuses NUL in text;
 * - the bidirectional formatting characters: the embeddings and overrides U+202A–U+202E, the
 *   isolates U+2066–U+2069 and the marks U+200E, U+200F and U+061C. Typed into a comment they make
 *   the rest of it, and what follows it on a classmate's screen, read backwards ("gpj.exe"), and
 *   the Unicode bidirectional algorithm already orders Chinese, Latin and Arabic text on its own.
 * Kept: tab, line breaks (CR LF and CR become LF) and the zero-width joiners of emoji and scripts.
 */
export const UNWANTED_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** The text without unwanted characters, with LF line breaks (not trimmed: the caller's rule trims). */
export function plainText(raw: string): string {
  return raw.replace(UNWANTED_CHARACTERS, '').replace(/\r\n?/g, '\n');
}
