import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { AuthenticatedAccount } from '../../../auth/authenticated-account';
import { DomainError } from '../../../common/errors/domain-error';
import { CreateLinkDto } from '../../../links/dto/create-link.dto';
import { createInput, updateInput } from '../../../links/dto/to-input';
import { UpdateLinkDto } from '../../../links/dto/update-link.dto';
import { LinksService } from '../../../links/links.service';
import { asDto, guarded } from '../mcp-tool-kit';
import { id, page, perPage, linkFields } from './tool-fields';

/** Links: create, change, delete, look up, list. */
@Injectable()
export class LinkTools {
  constructor(private readonly links: LinksService) {}

  register(server: McpServer, a: AuthenticatedAccount): void {
    server.registerTool(
      'create_link',
      {
        description: 'Shorten a URL; answers the link with its short_url',
        inputSchema: {
          target_url: z.string().describe('http(s) URL to send visitors to'),
          custom_slug: z
            .string()
            .optional()
            .describe('The address after the domain; random if left out'),
          domain: z.string().optional().describe('list_domains shows the ones allowed'),
          ...linkFields,
        },
      },
      guarded(a, 'links:write', async (args) => {
        const made = await this.links.create(a, createInput(await asDto(CreateLinkDto, args)));
        return this.links.get(a.id, { id: made.id });
      }),
    );
    server.registerTool(
      'update_link',
      {
        description: 'Change a link (any kind of share); null clears title, password, expiry',
        inputSchema: {
          id,
          target_url: z.string().optional(),
          title: z.string().nullable().optional(),
          tag_ids: linkFields.tag_ids,
          password: z.string().nullable().optional(),
          expire_at: z.number().int().nullable().optional(),
        },
      },
      guarded(a, 'links:write', async ({ id: linkId, ...changes }) =>
        this.links.update(a.id, { id: linkId }, updateInput(await asDto(UpdateLinkDto, changes))),
      ),
    );
    server.registerTool(
      'delete_link',
      { description: 'Delete a link; its address is free again', inputSchema: { id } },
      guarded(a, 'links:write', ({ id: linkId }) => this.links.delete(a.id, { id: linkId })),
    );
    server.registerTool(
      'get_link',
      {
        description: 'One link: by id, or by slug (and domain)',
        inputSchema: {
          id: id.optional(),
          slug: z.string().optional(),
          domain: z.string().optional(),
        },
      },
      guarded(a, 'links:read', ({ id: linkId, slug, domain }) => {
        if (linkId !== undefined) return this.links.get(a.id, { id: linkId });
        if (slug === undefined) throw new DomainError(400, 'validation_failed', 'Give id or slug');
        return this.links.get(a.id, { slug, domain });
      }),
    );
    server.registerTool(
      'list_links',
      {
        description: 'Your links, newest first; filter by tag, kind or text',
        inputSchema: {
          page,
          per_page: perPage,
          tag_id: z.number().int().positive().optional(),
          kind: z.enum(['redirect', 'text', 'file', 'bio', 'bundle']).optional(),
          q: z.string().max(200).optional().describe('In title, slug and target'),
        },
      },
      guarded(a, 'links:read', ({ page: p, per_page, tag_id, kind, q }) =>
        this.links.list(a.id, { tagId: tag_id, kind, q }, p ?? 1, per_page ?? 30),
      ),
    );
  }
}
