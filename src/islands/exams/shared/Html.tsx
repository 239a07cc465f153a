/** A stem, an option or an explanation: HTML the server has already sanitised with the site's allow-list. */
export function Html({ html, className = '', inline = false }: { html: string; className?: string; inline?: boolean }) {
  const cls = `rich-text max-w-none break-words [&_img]:h-auto [&_img]:max-w-full ${className}`;
  return inline ? <span className={cls} dangerouslySetInnerHTML={{ __html: html }} /> : <div className={cls} dangerouslySetInnerHTML={{ __html: html }} />;
}
