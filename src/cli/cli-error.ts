/** A failure the operator can act on: printed as one line, exit status 1. */
export class CliError extends Error {}
