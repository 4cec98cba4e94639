import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { AuthenticatedAccount } from '../../../auth/authenticated-account';
import { LinkRoutingService } from '../../../links/rules/link-routing.service';
import { guarded } from '../mcp-tool-kit';
import { id } from './tool-fields';

const variant = z.object({ target_url: z.string(), weight: z.number().int() });
const rule = z.object({
  conditions: z
    .array(
      z.object({
        type: z
          .string()
          .describe('device, os, browser, country, language, query, before, after or ip'),
        value: z
          .union([z.string(), z.number()])
          .optional()
          .describe('mobile; ios; chrome; DE; en; a query value; Unix seconds; 203.0.113.0/24'),
        param: z.string().optional().describe('query only: the parameter'),
      }),
    )
    .describe('All must match'),
  target_url: z.string(),
  variants: z.array(variant).optional(),
});

/** A redirect's rules and A/B split (docs/link-rules.md), each under the REST call's rules. */
@Injectable()
export class LinkRuleTools {
  constructor(private readonly routing: LinkRoutingService) {}

  register(server: McpServer, a: AuthenticatedAccount): void {
    server.registerTool(
      'get_link_rules',
      { description: "A redirect link's rules and A/B split", inputSchema: { id } },
      guarded(a, 'links:read', async ({ id: linkId }) => ({
        ...(await this.routing.rules(a.id, linkId)),
        ...(await this.routing.split(a.id, linkId)),
      })),
    );
    server.registerTool(
      'set_link_rules',
      {
        description:
          'Replace the rules of a redirect link: the first rule whose conditions all match ' +
          'sends the visitor to its target_url; [] removes them',
        inputSchema: { id, rules: z.array(rule) },
      },
      guarded(a, 'links:write', ({ id: linkId, rules }) =>
        this.routing.setRules(a.id, linkId, rules),
      ),
    );
    server.registerTool(
      'set_link_variants',
      {
        description:
          "Split a redirect link's visitors between 2 to 10 URLs by weight (A/B); [] ends the split",
        inputSchema: { id, variants: z.array(variant) },
      },
      guarded(a, 'links:write', ({ id: linkId, variants }) =>
        this.routing.setSplit(a.id, linkId, variants, undefined),
      ),
    );
  }
}
