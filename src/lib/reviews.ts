/** Pure review display rules of the island (the server decides which files are videos). */
export const REVIEW_COLLAPSE_AT = 133;

/** Text over 133 characters is collapsed: the first 133 and an ellipsis until expanded. */
export function collapsedText(text: string, expanded: boolean): { text: string; collapsible: boolean } {
  const chars = Array.from(text);
  if (chars.length <= REVIEW_COLLAPSE_AT) return { text, collapsible: false };
  return { text: expanded ? text : `${chars.slice(0, REVIEW_COLLAPSE_AT).join('')}…`, collapsible: true };
}
