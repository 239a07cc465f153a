import { z } from 'zod';
import type { Context } from 'hono';
import { AppError } from '../errors';
import { t } from '~/server/i18n';
import { bodyLimitFor } from '~/lib/csv-import';

// Zod's own messages in Chinese, for the users who read them.
z.config(z.locales.zhCN());

function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return t('validation.invalid');
  const field = issue.path.join('.');
  return field ? t('validation.invalidField', { field, reason: issue.message }) : issue.message;
}

/**
 * The value with every NUL character taken out of its texts and keys: nobody types one, pasted
 * text sometimes carries one, and no database stores one in text (PostgreSQL refuses it). A value
 * without any is returned as it is (no copy on the common path).
 */
function withoutNul(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.includes('\u0000') ? value.replaceAll('\u0000', '') : value;
  if (depth > 64 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = value.map((v) => withoutNul(v, depth + 1));
    return items.some((v, i) => v !== value[i]) ? items : value;
  }
  const entries = Object.entries(value);
  const cleaned = entries.map(([k, v]) => [k.replaceAll('\u0000', ''), withoutNul(v, depth + 1)] as const);
  return cleaned.some(([k, v], i) => k !== entries[i]![0] || v !== entries[i]![1]) ? Object.fromEntries(cleaned) : value;
}

export function parseWith<S extends z.ZodType>(schema: S, raw: unknown): z.infer<S> {
  const input = withoutNul(raw);
  const result = schema.safeParse(input);
  if (!result.success) throw AppError.badRequest(describeIssues(result.error));
  return result.data;
}

/**
 * Bodies larger than this are refused before they are parsed (forms and answers are a few KB); a
 * CSV import takes its own documented size (src/lib/csv-import.ts, decision 049).
 */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * The body's text, read up to `limit` bytes: a larger body is refused (413) as soon as it passes
 * the limit, from its declared length or while it streams, never read whole. (Behind the request
 * gate it is already bounded; this holds for any other way in, e.g. the development server.)
 */
async function readText(c: Context, limit: number): Promise<string> {
  const declared = Number(c.req.header('content-length') ?? 0);
  if (declared > limit) throw AppError.payloadTooLarge();
  // Read whole by the gate already (the server's way in): decoded from there, as Request.text() does.
  const read: unknown = (c.env as { body?: unknown } | undefined)?.body;
  if (Buffer.isBuffer(read)) {
    if (read.byteLength > limit) throw AppError.payloadTooLarge();
    return new TextDecoder().decode(read);
  }
  const body = c.req.raw.body;
  if (!body || c.req.raw.bodyUsed) {
    const text = await c.req.text();
    if (Buffer.byteLength(text) > limit) throw AppError.payloadTooLarge();
    return text;
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw AppError.payloadTooLarge();
    }
    chunks.push(value);
  }
  // As Request.text() does: UTF-8, a leading BOM dropped, bad bytes replaced.
  return new TextDecoder().decode(Buffer.concat(chunks, size));
}

/** The JSON body (an empty body is {}); too large or not JSON is a clear refusal. */
export async function readBody(c: Context): Promise<unknown> {
  const text = await readText(c, bodyLimitFor(c.req.path, MAX_BODY_BYTES));
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw AppError.badRequest(t('validation.badJson'));
  }
}

export const idSchema = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z_-]{1,32}$/, t('validation.badFormat'));

/** The spec's paging request: {current, size, model, order, sort}. */
export function pageRequest<M extends z.ZodType, S extends readonly [string, ...string[]]>(
  model: M,
  sorts: S,
  defaults: { size: number; sort: S[number]; order: 'ascending' | 'descending'; maxSize?: number },
) {
  return z.object({
    current: z.coerce.number().int().min(1).max(100000).default(1),
    size: z.coerce
      .number()
      .int()
      .min(1)
      .max(defaults.maxSize ?? 100)
      .default(defaults.size),
    // prefault, not default: an absent model is parsed as {}, so its required fields are named.
    model: model.prefault({} as never),
    order: z
      .enum(['ascending', 'descending', 'asc', 'desc'])
      .default(defaults.order)
      .transform((o) => (o.startsWith('asc') ? 'asc' : 'desc') as 'asc' | 'desc'),
    sort: z.enum(sorts).default(defaults.sort as never),
  });
}
