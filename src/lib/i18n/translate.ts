/** Values for a message's {name} places. */
export type MessageParams = Record<string, string | number>;

export type Catalogue = Readonly<Record<string, string>>;

/** The keys of any of the catalogues (a union of catalogue types has only its common keys). */
type KeysOf<C> = C extends unknown ? keyof C & string : never;

export type Translate<K extends string> = (key: K, params?: MessageParams) => string;

/** The template with each {name} replaced by its parameter; names without one stay as written. */
export function fill(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/**
 * t('key', {n: 3}) over the given catalogues: TypeScript accepts only their keys, so a module's
 * `t` names exactly the catalogues it ships to the browser.
 */
export function translator<C extends readonly Catalogue[]>(...catalogues: C): Translate<KeysOf<C[number]>> {
  const messages: Record<string, string> = Object.assign({}, ...catalogues);
  return (key, params) => fill(messages[key]!, params);
}
