// Ceiling 2 of the benchmark: a bare Node http server answering one file's bytes from memory.
// Usage (spawned by bench/run.mjs with process.execPath): bare-server.mjs <file> <port> [headers.json]
// With a headers file it answers with those headers (the render cache's own answer, headers and
// all: its Content-Security-Policy, ETag, Cache-Tag…), so the two answers are the same bytes.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [file, port, headersFile] = process.argv.slice(2);
const body = readFileSync(file);
const headers = headersFile
  ? { ...JSON.parse(readFileSync(headersFile, 'utf8')), 'content-length': String(body.length) }
  : {
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(body.length),
      'cache-control': 'public, max-age=0',
    };

const server = http.createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), '127.0.0.1', () => process.stdout.write('bare server ready\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
