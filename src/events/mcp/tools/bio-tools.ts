import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { CreateBioDto, UpdateBioDto } from '../../../bio/bio.dto';
import { BioService } from '../../../bio/bio.service';
import type { AuthenticatedAccount } from '../../../auth/authenticated-account';
import { asDto, guarded } from '../mcp-tool-kit';
import { id, page, perPage } from './tool-fields';

/** Link-in-bio pages. */
@Injectable()
export class BioTools {
  constructor(private readonly bio: BioService) {}

  register(server: McpServer, a: AuthenticatedAccount): void {
    const fields = {
      description: z.string().optional(),
      custom_links: z
        .array(z.object({ title: z.string(), url: z.string(), description: z.string().optional() }))
        .optional()
        .describe('The links on the page, in order'),
      mastodon_url: z.string().optional(),
      rss_url: z.string().optional(),
    };
    server.registerTool(
      'create_bio_page',
      {
        description: 'Make a link-in-bio page',
        inputSchema: {
          title: z.string(),
          custom_slug: z.string().optional(),
          domain: z.string().optional(),
          ...fields,
        },
      },
      guarded(a, 'links:write', async (args) => {
        const made = await this.bio.create(a, await asDto(CreateBioDto, args));
        return this.bio.get(a.id, made.bio_page_id);
      }),
    );
    server.registerTool(
      'update_bio_page',
      {
        description: 'Change a bio page; a field left out keeps its value',
        inputSchema: { id, title: z.string(), ...fields },
      },
      guarded(a, 'links:write', async (args) =>
        this.bio.update(a.id, await asDto(UpdateBioDto, args)),
      ),
    );
    server.registerTool(
      'delete_bio_page',
      { description: 'Delete a bio page', inputSchema: { id } },
      guarded(a, 'links:write', ({ id: bioId }) => this.bio.delete(a.id, bioId)),
    );
    server.registerTool(
      'get_bio_page',
      { description: 'One bio page', inputSchema: { id } },
      guarded(a, 'links:read', ({ id: bioId }) => this.bio.get(a.id, bioId)),
    );
    server.registerTool(
      'list_bio_pages',
      { description: 'Your bio pages, newest first', inputSchema: { page, per_page: perPage } },
      guarded(a, 'links:read', ({ page: p, per_page }) =>
        this.bio.list(a.id, p ?? 1, per_page ?? 30),
      ),
    );
  }
}
