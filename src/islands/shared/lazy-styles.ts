/**
 * The styles of a component loaded after the page (a dynamic import, such as the video player or the
 * album's carousel), imported with `?inline` and put into the document when its module runs. Imported
 * plainly, Astro would link them in the <head> of every page whose island could load the component,
 * where they hold up the first paint of a page that may never show it (decision 069).
 */
export function addStyles(name: string, ...sheets: string[]): void {
  if (typeof document === 'undefined' || document.querySelector(`style[data-styles="${name}"]`)) return;
  const style = document.createElement('style');
  style.dataset['styles'] = name;
  style.textContent = sheets.join('\n');
  document.head.append(style);
}
