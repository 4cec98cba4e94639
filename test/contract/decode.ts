/**
 * Strict decoders, as the strictest S.EE SDKs decode (Go, Rust, Java): an integer is an integer,
 * a string is never null, a required field is never missing. A mismatch throws with its path.
 */
export type Decoder<T> = (value: unknown, path: string) => T;

const fail = (path: string, want: string, got: unknown): never => {
  throw new Error(`${path}: expected ${want}, got ${JSON.stringify(got)}`);
};

export const int: Decoder<number> = (v, p) =>
  Number.isInteger(v) ? (v as number) : fail(p, 'integer', v);
export const num: Decoder<number> = (v, p) => (typeof v === 'number' ? v : fail(p, 'number', v));
export const str: Decoder<string> = (v, p) => (typeof v === 'string' ? v : fail(p, 'string', v));
export const bool: Decoder<boolean> = (v, p) =>
  typeof v === 'boolean' ? v : fail(p, 'boolean', v);
export const unknown: Decoder<unknown> = (v) => v;

export const literal =
  <T extends string | number>(...values: T[]): Decoder<T> =>
  (v, p) =>
    values.includes(v as T) ? (v as T) : fail(p, values.join(' | '), v);

export const optional =
  <T>(d: Decoder<T>): Decoder<T | undefined> =>
  (v, p) =>
    v === undefined ? undefined : d(v, p);

export const array =
  <T>(d: Decoder<T>): Decoder<T[]> =>
  (v, p) =>
    Array.isArray(v) ? v.map((x, i) => d(x, `${p}[${i}]`)) : fail(p, 'array', v);

type Shape = Record<string, Decoder<unknown>>;
type Decoded<S extends Shape> = { [K in keyof S]: S[K] extends Decoder<infer T> ? T : never };

/** An object with at least these fields (extra fields are fine: clients ignore them). */
export const object =
  <S extends Shape>(shape: S): Decoder<Decoded<S>> =>
  (v, p) => {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail(p, 'object', v);
    const out: Record<string, unknown> = {};
    for (const [k, d] of Object.entries(shape))
      out[k] = d((v as Record<string, unknown>)[k], `${p}.${k}`);
    return out as Decoded<S>;
  };

/** S.EE's envelope: integer `code`, a message that is never null, the typed `data`. */
export const envelope = <T>(data: Decoder<T>) =>
  object({ code: int, message: str, data, success: optional(bool) });

export const decode = <T>(d: Decoder<T>, value: unknown): T => d(value, '$');
