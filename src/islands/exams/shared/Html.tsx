/** A stem, an option or an explanation: HTML the server has already sanitised with the site's allow-list. */
export function Html({ html, className = '', inline = false }: { html: string; className?: string; inline?: boolean }) {
  const img = '[&_img]:h-auto [&_img]:max-w-full';
  // An option reads on the line of its letter: no paragraph spacing of the article style.
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sends this HTML sanitised with the site's allow-list (sanitizeRichText)
  if (inline) return <span className={`min-w-0 break-words ${img} [&_p]:inline ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sends this HTML sanitised with the site's allow-list (sanitizeRichText)
  return <div className={`rich-text max-w-none break-words ${img} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
