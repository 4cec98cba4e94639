import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { StatsService } from '../../../analytics/stats/stats.service';
import { StatsQuery } from '../../../analytics/stats/dto/stats.query';
import type { AuthenticatedAccount } from '../../../auth/authenticated-account';
import { DomainsService } from '../../../domains/domains.service';
import { TagsService } from '../../../tags/tags.service';
import { asDto, guarded } from '../mcp-tool-kit';
import { id } from './tool-fields';

/** Statistics, the domains a share may use, tags. */
@Injectable()
export class AccountTools {
  constructor(
    private readonly stats: StatsService,
    private readonly domains: DomainsService,
    private readonly tags: TagsService,
  ) {}

  register(server: McpServer, a: AuthenticatedAccount): void {
    server.registerTool(
      'get_stats',
      {
        description:
          "Visits over time with the top referrers, countries, browsers...: of one share (id), or the account's",
        inputSchema: {
          id: id.optional(),
          from: z
            .number()
            .int()
            .nonnegative()
            .optional()
            .describe('Unix seconds; 30 days ago by default'),
          to: z.number().int().nonnegative().optional().describe('Unix seconds; now by default'),
        },
      },
      guarded(a, 'stats:read', async ({ id: linkId, from, to }) => {
        const q = await asDto(StatsQuery, { from, to });
        return linkId === undefined
          ? this.stats.accountStats(a.id, q)
          : this.stats.linkStats(a.id, linkId, q);
      }),
    );
    server.registerTool(
      'list_domains',
      {
        description: 'The domains each kind of share may be made on, the default first',
        inputSchema: {},
      },
      guarded(a, null, () => {
        const custom = this.domains.customHostsOf(a.id);
        const of = (kind: 'redirect' | 'text' | 'file') => [
          ...this.domains.systemHosts(kind),
          ...custom,
        ];
        return Promise.resolve({ links: of('redirect'), texts: of('text'), files: of('file') });
      }),
    );
    server.registerTool(
      'list_tags',
      { description: 'Your tags (ids for tag_ids)', inputSchema: {} },
      guarded(a, 'links:read', () => this.tags.list(a.id)),
    );
  }
}
