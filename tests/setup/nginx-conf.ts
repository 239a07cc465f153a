/**
 * Reads nginx configuration (deploy/nginx.conf, the snippets of docs/operations.md) into blocks and
 * directives, and makes a configuration a test's own nginx runs from the shipped file: its upstream
 * and server blocks as shipped, only the addresses changed, so that what is tested is what ships.
 */

export interface NginxDirective {
  name: string;
  /** The arguments as written (a quoted one keeps its quotes). */
  args: string[];
}

export interface NginxBlock extends NginxDirective {
  directives: NginxDirective[];
  blocks: NginxBlock[];
}

const TOKEN = /\s*(?:#[^\n]*|("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[^\s;{}#]+)|([;{}]))/y;

function tokens(text: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m) {
      if (/^\s*$/.test(text.slice(at))) break;
      throw new Error(`nginx configuration: cannot read from ${JSON.stringify(text.slice(at, at + 40))}`);
    }
    const token = m[1] ?? m[2];
    if (token) out.push(token);
  }
  return out;
}

/** The configuration as one block without a name holding its top-level directives and blocks. */
export function parseNginx(text: string): NginxBlock {
  const root: NginxBlock = { name: '', args: [], directives: [], blocks: [] };
  const stack = [root];
  let words: string[] = [];
  for (const token of tokens(text)) {
    const current = stack[stack.length - 1]!;
    if (token === ';') {
      if (!words.length) throw new Error('nginx configuration: an empty directive');
      current.directives.push({ name: words[0]!, args: words.slice(1) });
      words = [];
    } else if (token === '{') {
      if (!words.length) throw new Error('nginx configuration: a block without a name');
      const block: NginxBlock = { name: words[0]!, args: words.slice(1), directives: [], blocks: [] };
      current.blocks.push(block);
      stack.push(block);
      words = [];
    } else if (token === '}') {
      if (words.length || stack.length === 1) throw new Error('nginx configuration: an unbalanced }');
      stack.pop();
    } else {
      words.push(token);
    }
  }
  if (words.length || stack.length !== 1) throw new Error('nginx configuration: an unfinished directive or block');
  return root;
}

function allBlocks(block: NginxBlock, name: string): NginxBlock[] {
  return block.blocks.flatMap((b) => [...(b.name === name ? [b] : []), ...allBlocks(b, name)]);
}

export function nginxServerBlocks(text: string): NginxBlock[] {
  return allBlocks(parseNginx(text), 'server');
}

const SIZE_UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 * 1024, g: 1024 * 1024 * 1024 };

/** An nginx size ('6m', '512k', '1024') in bytes. */
export function nginxSize(value: string): number {
  const m = /^(\d+)([kmg]?)$/i.exec(value);
  if (!m) throw new Error(`not an nginx size: ${value}`);
  return Number(m[1]) * SIZE_UNITS[m[2]!.toLowerCase()]!;
}

function write(block: NginxBlock, indent = ''): string {
  const inner = `${indent}  `;
  return [
    `${indent}${[block.name, ...block.args].join(' ')} {`,
    ...block.directives.map((d) => `${inner}${[d.name, ...d.args].join(' ')};`),
    ...block.blocks.map((b) => write(b, inner)),
    `${indent}}`,
  ].join('\n');
}

export interface LocalNginxOptions {
  /** Where nginx keeps its pid, logs and temporary files. */
  dir: string;
  /** host:port the server listens on (in place of the shipped `listen`). */
  listen: string;
  /** The portal instances, in the order of the shipped upstream's servers; a `down` one gets no requests. */
  upstreams: { address: string; down: boolean }[];
  /** nginx's error log level (warn unless given); `debug` needs an nginx built --with-debug, as Debian's is. */
  errorLog?: 'warn' | 'info' | 'debug';
}

/**
 * A whole nginx configuration for a test: the shipped file's upstream and server blocks, with the
 * upstream's server addresses (their parameters kept) and the server's `listen` replaced.
 */
export function localNginxConf(shipped: string, options: LocalNginxOptions): string {
  const root = parseNginx(shipped);
  const [upstream, ...moreUpstreams] = root.blocks.filter((b) => b.name === 'upstream');
  const [server, ...moreServers] = root.blocks.filter((b) => b.name === 'server');
  if (!upstream || !server || moreUpstreams.length || moreServers.length) throw new Error('expected one upstream and one server block');
  const servers = upstream.directives.filter((d) => d.name === 'server');
  if (servers.length !== options.upstreams.length) throw new Error(`the shipped upstream has ${servers.length} servers`);
  let next = 0;
  const localUpstream: NginxBlock = {
    ...upstream,
    directives: upstream.directives.map((d) => {
      if (d.name !== 'server') return d;
      const { address, down } = options.upstreams[next++]!;
      return { name: 'server', args: [address, ...d.args.slice(1).filter((a) => a !== 'down'), ...(down ? ['down'] : [])] };
    }),
  };
  const listens = server.directives.filter((d) => d.name === 'listen');
  if (listens.length !== 1) throw new Error('expected one listen directive');
  const localServer: NginxBlock = {
    ...server,
    directives: server.directives.map((d) => (d.name === 'listen' ? { name: 'listen', args: [options.listen] } : d)),
  };
  const { dir } = options;
  return `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log ${options.errorLog ?? 'warn'};
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
${write(localUpstream, '  ')}
${write(localServer, '  ')}
}
`;
}

/** Lines of nginx's debug log kept for each connection a failure names (its last ones), and of each worker's own. */
const LOG_LINES_KEPT = 120;

/**
 * What nginx's log says about a failure: its warnings and alerts, and the debug lines of each connection an alert
 * names (`*10297 open socket #13 left in connection 8`) and of the worker that raised it. An old worker has once
 * exited with a request still open after a reload ("open socket … left", "aborting"), and the request was cut; these
 * lines say what the worker was waiting for.
 */
export function nginxFailureLog(log: string): string {
  const lines = log.split('\n');
  const warnings = lines.filter((l) => /\[(warn|error|crit|alert|emerg)\]/.test(l));
  const named = new Set(warnings.flatMap((l) => [...l.matchAll(/\*(\d+) /g)].map((m) => m[1]!)));
  const workers = new Set(
    warnings
      .filter((l) => l.includes('[alert]'))
      .map((l) => /\] (\d+)#/.exec(l)?.[1])
      .filter(Boolean),
  );
  const of = (test: (l: string) => boolean, label: string) => {
    const kept = lines.filter(test).slice(-LOG_LINES_KEPT);
    return kept.length ? [`-- ${label}`, ...kept] : [];
  };
  return [
    ...warnings,
    ...[...named].flatMap((n) => of((l) => l.includes(` *${n} `), `connection *${n}`)),
    ...[...workers].flatMap((pid) => of((l) => l.includes(` ${pid}#`) && !/ \*\d+ /.test(l), `worker ${pid}, its own lines`)),
  ].join('\n');
}
