// The compressed forms of the built scripts and styles (`npm run build` runs this after the server's
// entry points): next to each dist/client/_astro/*.js, *.mjs and *.css its brotli (.br, quality 11)
// and gzip (.gz, level 9) forms, when smaller. The server holds them in memory and answers a browser
// that accepts them with them (src/server/http/compression.ts, decision 069): made once here, never
// per request.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { ASSETS_DIR, COMPRESSIBLE_ASSET, ENCODING_SUFFIX } from '../src/server/http/compression.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, 'dist/client', ASSETS_DIR);

const encoders = {
  br: (data) => promisify(brotliCompress)(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length } }),
  gzip: (data) => promisify(gzip)(data, { level: 9 }),
};

let raw = 0;
const made = { br: 0, gzip: 0 };
// zlib's work runs on libuv's thread pool: the files are compressed side by side.
await Promise.all(
  readdirSync(dir)
    .filter((name) => COMPRESSIBLE_ASSET.test(name))
    .map(async (name) => {
      const data = readFileSync(join(dir, name));
      raw += data.length;
      for (const [encoding, suffix] of Object.entries(ENCODING_SUFFIX)) {
        const file = join(dir, name + suffix);
        const compressed = await encoders[encoding](data);
        // A form no smaller than the file is not kept (nor one a previous build left).
        if (compressed.length < data.length) {
          writeFileSync(file, compressed);
          made[encoding] += compressed.length;
        } else rmSync(file, { force: true });
      }
    }),
);
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
process.stdout.write(`scripts and styles compressed: ${kb(raw)} → brotli ${kb(made.br)}, gzip ${kb(made.gzip)}\n`);
