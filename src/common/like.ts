/** A LIKE pattern that finds `text` anywhere, its own % _ ! escaped (use with ESCAPE '!'). */
export const containsPattern = (text: string): string => `%${escapeLike(text)}%`;

/** `text` with LIKE's own % _ ! escaped (use with ESCAPE '!'). */
export const escapeLike = (text: string): string => text.replace(/[!%_]/g, (c) => `!${c}`);
