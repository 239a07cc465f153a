import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { UPLOAD_FRAMING_BYTES, UPLOAD_IMAGE_MAX_BYTES } from '~/lib/uploads';
import { MEDIA_CHUNK_BYTES, MEDIA_UPLOAD_PATH } from '~/lib/media-library';
import { CSV_IMPORT_CHARS, csvBodyBytes } from '~/lib/csv-import';
import { ConfigError, parseConfig } from '~/server/config';
import { nginxServerBlocks, nginxSize, type NginxBlock } from '../setup/nginx-conf';

/**
 * What deploy/ ships (decision 057). The nginx site (deploy/nginx.conf) and the one
 * docs/operations.md shows take every body the portal takes, so that the portal answers each
 * refusal with its envelope and not nginx with an HTML 413; the media library's pieces stream
 * through; and the portal sees the port of the address the browser used (a staff write's Origin
 * names it). The example environment holds nothing usable as it stands, so a copy left unfilled
 * stops the server; no password is written in the compose file or the Dockerfile; their health
 * checks probe liveness, not readiness.
 */

const shipped = readFileSync('deploy/nginx.conf', 'utf8');
const documented = [...readFileSync('docs/operations.md', 'utf8').matchAll(/```nginx\n([\s\S]*?)```/g)].map((m) => m[1]!);

/** The largest body the portal takes outside the media library, with its default MAX_BODY_BYTES. */
const largestBody = Math.max(
  UPLOAD_IMAGE_MAX_BYTES + UPLOAD_FRAMING_BYTES,
  ...Object.values(CSV_IMPORT_CHARS).map(csvBodyBytes),
  parseConfig({ NODE_ENV: 'test' }).MAX_BODY_BYTES,
);

const sites: [string, NginxBlock][] = [
  ...nginxServerBlocks(shipped).map((b): [string, NginxBlock] => ['deploy/nginx.conf', b]),
  ...documented.flatMap((text, i) => nginxServerBlocks(text).map((b): [string, NginxBlock] => [`docs/operations.md nginx block ${i + 1}`, b])),
];

/** A directive's arguments as they apply in `location` (nginx inherits a directive a level leaves unset). */
function effective(server: NginxBlock, location: NginxBlock | null, name: string): string[][] {
  const own = location?.directives.filter((d) => d.name === name) ?? [];
  return (own.length ? own : server.directives.filter((d) => d.name === name)).map((d) => d.args);
}

function locationOf(server: NginxBlock, path: string): NginxBlock | null {
  return server.blocks.find((b) => b.name === 'location' && b.args.join(' ') === path) ?? null;
}

describe('the nginx sites shipped and documented', () => {
  test('both are there', () => {
    expect(sites.map(([where]) => where)).toEqual(['deploy/nginx.conf', 'docs/operations.md nginx block 1']);
  });

  test.each(sites)('%s admits the largest body of every call (pictures, CSV imports, JSON) outside the media library', (_, server) => {
    const [limit] = effective(server, locationOf(server, '/'), 'client_max_body_size');
    expect(limit, 'client_max_body_size').toBeDefined();
    expect(nginxSize(limit![0]!)).toBeGreaterThanOrEqual(largestBody);
  });

  test.each(sites)('%s streams the media library pieces (8 MiB) to the portal unbuffered', (_, server) => {
    const media = locationOf(server, MEDIA_UPLOAD_PATH);
    expect(media, `location ${MEDIA_UPLOAD_PATH}`).not.toBeNull();
    expect(nginxSize(effective(server, media, 'client_max_body_size')[0]![0]!)).toBeGreaterThanOrEqual(MEDIA_CHUNK_BYTES);
    expect(effective(server, media, 'proxy_request_buffering')).toEqual([['off']]);
    expect(effective(server, media, 'proxy_pass')).toEqual([['http://portal']]);
  });

  test.each(sites)('%s passes the Host the browser sent, port included, to every location', (_, server) => {
    for (const location of [locationOf(server, '/'), locationOf(server, MEDIA_UPLOAD_PATH)]) {
      const headers = effective(server, location, 'proxy_set_header');
      expect(headers).toContainEqual(['Host', '$http_host']);
      expect(headers).toContainEqual(['X-Forwarded-Host', '$http_host']);
      expect(headers).toContainEqual(['X-Forwarded-Proto', '$scheme']);
      expect(headers).toContainEqual(['X-Forwarded-For', '$proxy_add_x_forwarded_for']);
    }
  });
});

/** The assignments of an env file (KEY=value lines; comments and blank lines skipped). */
function envFile(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** A Dockerfile instruction with its continuation lines (a line ending in a backslash goes on). */
function instruction(dockerfile: string, name: string): string {
  const lines = dockerfile.split('\n');
  let i = lines.findIndex((line) => line.startsWith(`${name} `));
  if (i < 0) return '';
  const out = [lines[i]!];
  while (lines[i]!.endsWith('\\') && i + 1 < lines.length) out.push(lines[++i]!);
  return out.join('\n');
}

describe('the environment, compose file and image', () => {
  test('deploy/portal.env.example copied unfilled: a production server refuses to start, naming each value to fill in', () => {
    const example = envFile(readFileSync('deploy/portal.env.example', 'utf8'));
    let problems: string[] = [];
    try {
      parseConfig({ ...example, NODE_ENV: 'production' });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      problems = error.problems;
    }
    for (const name of ['SESSION_SECRET', 'TOKEN_PARAM_SECRET', 'CERTIFICATE_SECRET', 'SMS_HTTP_URL']) {
      expect(
        problems.some((p) => p.startsWith(`${name}:`)),
        `${name} in ${JSON.stringify(problems)}`,
      ).toBe(true);
    }
    // No address to be used as it stands (an example domain would be).
    expect(Object.entries(example).filter(([, value]) => /[a-z0-9-]+\.[a-z]{2,}/i.test(value))).toEqual([]);
  });

  test('the compose file takes the database password from deploy/.env; nothing writes one down', () => {
    const compose = readFileSync('deploy/compose.yaml', 'utf8');
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    const passwords = [...compose.matchAll(/^\s*POSTGRES_PASSWORD:\s*(.+)$/gm)].map((m) => m[1]);
    expect(passwords.length).toBeGreaterThan(0);
    for (const value of passwords) expect(value).toMatch(/^\$\{POSTGRES_PASSWORD:\?/);
    for (const [, url] of compose.matchAll(/^\s*DATABASE_URL:\s*(.+)$/gm)) expect(url).toMatch(/^postgres:\/\/portal:\$\{POSTGRES_PASSWORD:\?[^}]*\}@/);
    expect(dockerfile).not.toMatch(/(PASSWORD|SECRET|TOKEN)\w*=/);
  });

  test('the image and the compose file check liveness (/healthz), never readiness', () => {
    const dockerfile = readFileSync('Dockerfile', 'utf8');
    const compose = readFileSync('deploy/compose.yaml', 'utf8');
    expect(dockerfile.match(/^HEALTHCHECK/gm)).toHaveLength(1);
    const healthcheck = instruction(dockerfile, 'HEALTHCHECK');
    expect(healthcheck).toContain('/healthz');
    expect(healthcheck).not.toContain('/readyz');
    const probes = [...compose.matchAll(/^\s*test:\s*(.+)$/gm)].map((m) => m[1]!).filter((t) => t.includes('fetch('));
    expect(probes.length).toBeGreaterThan(0);
    for (const probe of probes) {
      expect(probe).toContain('/healthz');
      expect(probe).not.toContain('/readyz');
    }
  });
});
