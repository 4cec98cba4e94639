import { DomainError } from '../errors/domain-error';

/** Deeper than any body of ours; validators recurse, so depth is capped before they run. */
export const MAX_JSON_DEPTH = 32;

/**
 * body-parser's `verify`: refuses JSON nested deeper than MAX_JSON_DEPTH by scanning the raw bytes
 * (brackets inside strings do not count), before it is parsed.
 */
export function verifyJsonDepth(_req: unknown, _res: unknown, buf: Buffer): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < buf.length; i++) {
    const c = buf[i];
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped byte
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) {
        throw new DomainError(
          400,
          'bad_request',
          `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
        );
      }
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
}

/**
 * JSON.parse's reviver: a string with a lone UTF-16 surrogate (`"\ud800"`) cannot be stored or
 * sent on faithfully, so the body is refused as malformed.
 */
export function rejectLoneSurrogates(_key: string, value: unknown): unknown {
  if (typeof value === 'string' && !value.isWellFormed()) {
    throw new SyntaxError('The JSON body holds a lone UTF-16 surrogate');
  }
  return value;
}
