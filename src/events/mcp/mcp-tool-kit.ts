import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AuthenticatedAccount } from '../../auth/authenticated-account';
import { allows, Scope } from '../../auth/scopes/scopes';
import { DomainError } from '../../common/errors/domain-error';
import { createValidationPipe } from '../../common/pipes/validation.pipe';
import { OutboundError } from '../../common/outbound/safe-request';

const validation = createValidationPipe();

/** Checks `args` by the API's own DTO, so a tool takes exactly what its REST call takes. */
export async function asDto<T>(metatype: new () => T, args: object): Promise<T> {
  const plain = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined));
  return (await validation.transform(plain, { type: 'body', metatype })) as T;
}

const text = (value: unknown): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value, null, 2) }],
});

/** An MCP tool error: the API's error code and message, for the agent to read and correct. */
export const toolError = (code: string, message: string): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: `${code}: ${message}` }],
});

/**
 * A tool's body, run for the token's account when its scopes allow `scope`: the result as JSON
 * text, or the refusal (a scope, bad input, a missing resource) as a tool error.
 */
export function guarded<A>(
  account: AuthenticatedAccount,
  scope: Scope | null,
  work: (args: A) => Promise<unknown>,
): (args: A) => Promise<CallToolResult> {
  return async (args) => {
    if (!allows(account.scopes, scope)) {
      return toolError('insufficient_scope', `This tool needs the scope ${scope}`);
    }
    try {
      return text(await work(args));
    } catch (e) {
      if (e instanceof DomainError) {
        const fields = (e.data as { errors?: Record<string, string[]> } | null)?.errors;
        const detail = fields
          ? ` (${Object.entries(fields)
              .map(([k, v]) => `${k}: ${v.join(', ')}`)
              .join('; ')})`
          : '';
        return toolError(e.code, e.message + detail);
      }
      if (e instanceof OutboundError) return toolError('url_not_allowed', e.message);
      throw e;
    }
  };
}
