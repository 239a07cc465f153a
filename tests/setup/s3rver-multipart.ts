import { existsSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type S3rver from 's3rver';

/**
 * s3rver 3.7.1 keeps multipart uploads (each one a directory of its parts under the bucket's
 * `._S3rver_uploads`) but does not answer three S3 calls over them that tus's S3 store makes:
 * ListParts (where an upload stands: every piece and every HEAD), AbortMultipartUpload (a cancel)
 * and ListMultipartUploads (the expiry of uploads). This adds them to a server before it runs, from
 * the same directories, with S3's documented answers: the parts in order with their sizes and
 * ETags, 204 for an abort, and NoSuchUpload (404) for an upload that was completed or aborted: what
 * tus's store relies on to tell a finished upload.
 */

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
interface S3rverInternals {
  middleware: Middleware[];
  store: { getBucketPath(bucket: string): string; getResourcePath(bucket: string, key: string | undefined, resource: string): string };
}

const XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const element = (name: string, value: string | number | boolean) => `<${name}>${escapeXml(String(value))}</${name}>`;
const document = (root: string, inner: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${XMLNS}">${inner}</${root}>`;

function answerXml(ctx: KoaContext, status: number, xml: string): void {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = xml;
}

function noSuchUpload(ctx: KoaContext, uploadId: string): void {
  const message = 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.';
  answerXml(
    ctx,
    404,
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error>${element('Code', 'NoSuchUpload')}${element('Message', message)}${element('UploadId', uploadId)}</Error>`,
  );
}

/** The path's bucket and key (path-style addresses: /bucket/key). */
function addressOf(path: string): { bucket: string; key: string } {
  const [bucket = '', ...rest] = path.replace(/^\//, '').split('/');
  return { bucket: decodeURIComponent(bucket), key: rest.map(decodeURIComponent).join('/') };
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export function addMultipartListing(server: S3rver): void {
  const internals = server as unknown as S3rverInternals;
  const uploadsOf = (bucket: string) => internals.store.getResourcePath(bucket, undefined, 'uploads');

  async function listParts(ctx: KoaContext, bucket: string, key: string, uploadId: string): Promise<void> {
    const dir = join(uploadsOf(bucket), uploadId);
    if (!existsSync(dir)) return noSuchUpload(ctx, uploadId);
    const numbers = (await readdir(dir))
      .filter((f) => /^\d+$/.test(f))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const [info, md5] = await Promise.all([stat(join(dir, String(n))), readFile(join(dir, `${n}.md5`), 'utf8')]);
        const fields = [
          element('PartNumber', n),
          element('LastModified', info.mtime.toISOString()),
          element('ETag', `"${md5.trim()}"`),
          element('Size', info.size),
        ];
        return `<Part>${fields.join('')}</Part>`;
      }),
    );
    const inner = [
      element('Bucket', bucket),
      element('Key', key),
      element('UploadId', uploadId),
      element('PartNumberMarker', 0),
      element('NextPartNumberMarker', numbers.at(-1) ?? 0),
      element('MaxParts', 10_000),
      element('IsTruncated', false),
      ...parts,
    ].join('');
    answerXml(ctx, 200, document('ListPartsResult', inner));
  }

  async function abort(ctx: KoaContext, bucket: string, uploadId: string): Promise<void> {
    const dir = join(uploadsOf(bucket), uploadId);
    if (!existsSync(dir)) return noSuchUpload(ctx, uploadId);
    await rm(dir, { recursive: true, force: true });
    ctx.status = 204;
    ctx.body = null;
  }

  async function listUploads(ctx: KoaContext, bucket: string, prefix: string): Promise<void> {
    const root = uploadsOf(bucket);
    const ids = existsSync(root) ? await readdir(root) : [];
    const uploads: string[] = [];
    for (const id of ids.sort()) {
      const dir = join(root, id);
      const key = await readFile(join(dir, 'key'), 'utf8').catch(() => null);
      if (key === null || !key.startsWith(prefix)) continue;
      const started = (await stat(dir)).birthtime;
      uploads.push(`<Upload>${element('Key', key)}${element('UploadId', id)}${element('Initiated', started.toISOString())}</Upload>`);
    }
    const inner = [
      element('Bucket', bucket),
      element('KeyMarker', ''),
      element('UploadIdMarker', ''),
      element('Prefix', prefix),
      element('MaxUploads', 1000),
      element('IsTruncated', false),
      ...uploads,
    ].join('');
    answerXml(ctx, 200, document('ListMultipartUploadsResult', inner));
  }

  const multipart: Middleware = async (ctx, next) => {
    const { bucket, key } = addressOf(ctx.path);
    const uploadId = one(ctx.query['uploadId']);
    if (bucket && existsSync(internals.store.getBucketPath(bucket))) {
      if (ctx.method === 'GET' && key && uploadId) return listParts(ctx, bucket, key, uploadId);
      if (ctx.method === 'DELETE' && key && uploadId) return abort(ctx, bucket, uploadId);
      if (ctx.method === 'GET' && !key && 'uploads' in ctx.query) return listUploads(ctx, bucket, one(ctx.query['prefix']) ?? '');
    }
    await next();
  };
  // Before s3rver's router (its last middleware), after its logging and XML answers.
  internals.middleware.splice(internals.middleware.length - 1, 0, multipart);
}
