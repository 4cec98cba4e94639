/**
 * Whether a request is a visit: a GET, and for bytes, the whole or the start (`Range: bytes=0-`).
 * HEAD, forms posted, and a player's later range chunks are not.
 */
export function isCountable(method: string, range: string | undefined): boolean {
  return method === 'GET' && (range === undefined || /^\s*bytes\s*=\s*0\s*-/i.test(range));
}
