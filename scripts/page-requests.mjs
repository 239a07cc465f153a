// A build plugin: a request that reads nothing from its visitor (GET, HEAD) is made without an abort signal
// (docs/decisions/109).
//
// Astro's Node adapter makes a web Request of every page request (astro/dist/core/app/node.js
// `createRequestFromNodeRequest`) with an AbortController's signal, and wires the controller to the connection: a
// listener on the socket's close, one on the signal, a clean-up kept on the request. undici's Request follows that
// signal with one of its own (another controller, a listener and a finalizer). It serves a request whose body is still
// being read when the visitor leaves (the API's "client aborted", src/server/app.ts). A GET or HEAD has no body, and a
// page is rendered whole (decision 098): nothing in a page's render reads the signal. So for these two methods the
// Request is made without it, and nothing is wired; every other method is made as Astro makes it. The Request's own
// signal (undici gives every Request one) then never aborts.
//
// Only `createRequestFromNodeRequest` changes: it is what the adapter's handler calls for every request. `createRequest`
// (NodeApp.createRequest) is left as it is. Should Astro change the code, the build stops here.

import { ASTRO_NODE_MODULE, replaceOnce, rewriteServerModule } from './rewrite-server-module.mjs';

/** The options of the Request the adapter's handler makes (Astro's text; the URL line names this function's). */
export const OPTIONS_ORIGINAL = `  const url = buildRequestUrl(protocol, hostname, req.url, serverPort);
  const options = {
    method: req.method || "GET",
    headers: makeRequestHeaders(req),
    signal: controller.signal
  };
`;
/** The same options, the signal given only to a method that sends a body. */
export const OPTIONS_REPLACEMENT = `  const url = buildRequestUrl(protocol, hostname, req.url, serverPort);
  const method = req.method || "GET";
  const readsNothing = method === "GET" || method === "HEAD";
  const options = {
    method,
    headers: makeRequestHeaders(req)
  };
  if (!readsNothing) options.signal = controller.signal;
`;

/** The wiring of the controller to the connection, in the same function (Astro's text). */
export const WIRE_ORIGINAL = `  wireAbortController(req, controller);
  const untrustedHostname = req.headers.host ?? req.headers[":authority"];
`;
/** The same wiring, for a method that sends a body only. */
export const WIRE_REPLACEMENT = `  if (!readsNothing) wireAbortController(req, controller);
  const untrustedHostname = req.headers.host ?? req.headers[":authority"];
`;

const missing = 'page-requests: astro/dist/core/app/node.js no longer has the code this plugin rewrites';

export const requestsUnwired = (code) =>
  replaceOnce(replaceOnce(code, OPTIONS_ORIGINAL, OPTIONS_REPLACEMENT, missing), WIRE_ORIGINAL, WIRE_REPLACEMENT, missing);

export const pageRequestsUnwired = () => rewriteServerModule('portal:page-requests-unwired', ASTRO_NODE_MODULE, requestsUnwired);
