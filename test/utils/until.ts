/**
 * Polls `check` every 50 ms until it holds or `timeoutMs` passes, for effects that finish after the
 * request's answer (a server's clean-up after the client saw the socket close). The caller still
 * asserts afterwards, so a timeout fails with the real difference.
 */
export async function until(check: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}
