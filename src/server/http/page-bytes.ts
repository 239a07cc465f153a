/**
 * A page's bytes kept on its Response beside the body (scripts/page-bytes.mjs, decision 106): Astro's renderPage keeps
 * the bytes it rendered there, and Astro's Node writer ends the answer with them, so bytes already in memory are not
 * read back through a web stream on the way. The key is the registered symbol the build's rewrites name.
 */
const PAGE_BYTES: unique symbol = Symbol.for('portal.pageBytes') as never;

/**
 * The parts of those bytes as the page was rendered (decision 115): the kept parts' bytes and the text between them,
 * encoded; the bytes are the parts one after the other.
 */
const PAGE_PARTS: unique symbol = Symbol.for('portal.pageParts') as never;

type WithBytes = Response & { [PAGE_BYTES]?: Uint8Array<ArrayBuffer>; [PAGE_PARTS]?: readonly Uint8Array[] };

/** The page's bytes: those kept on the Response, or its body read whole when none are kept (any other Response). */
export async function pageBytes(response: Response): Promise<Uint8Array<ArrayBuffer>> {
  return (response as WithBytes)[PAGE_BYTES] ?? new Uint8Array(await response.arrayBuffer());
}

/** The parts the page's bytes (`body`, from `pageBytes`) were rendered in: those kept on the Response, or the bytes whole. */
export function pageParts(response: Response, body: Uint8Array): readonly Uint8Array[] {
  return (response as WithBytes)[PAGE_PARTS] ?? [body];
}

/** A Response of these bytes that keeps them, for the writer to send as they are. */
export function pageResponse(body: Uint8Array<ArrayBuffer>, init: ResponseInit): Response {
  const page: WithBytes = new Response(body, init);
  page[PAGE_BYTES] = body;
  return page;
}
