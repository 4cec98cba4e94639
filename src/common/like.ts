/** A LIKE pattern that finds `text` anywhere, its own % _ ! escaped (use with ESCAPE '!'). */
export const containsPattern = (text: string): string =>
  `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
