/** Unix seconds, as the API speaks time. */
export const toUnix = (d: Date): number => Math.floor(d.getTime() / 1000);
export const fromUnix = (s: number): Date => new Date(s * 1000);
