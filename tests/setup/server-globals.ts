import { installAdapterGlobals } from '~/server/http/api-listener';

/**
 * The server process runs with the Node adapter's Request and Response as its globals (decision 103): the start
 * script installs them before its first request. The server's tests run with the same ones, whichever file runs
 * first in a worker.
 */
installAdapterGlobals();
