/** The code of a driver's or the system's error: TypeORM keeps the driver's in `driverError`. */
export function errorCode(e: unknown): string {
  const err = e as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = err?.driverError?.code ?? err?.code;
  return typeof code === 'string' ? code : '';
}
