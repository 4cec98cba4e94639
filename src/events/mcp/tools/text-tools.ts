import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { AuthenticatedAccount } from '../../../auth/authenticated-account';
import { LinksService } from '../../../links/links.service';
import { CreateTextDto, UpdateTextDto } from '../../../texts/dto/create-text.dto';
import { ListTextsQuery } from '../../../texts/dto/text.dto';
import { TextsService } from '../../../texts/texts.service';
import { asDto, guarded } from '../mcp-tool-kit';
import { id, page, perPage, linkFields } from './tool-fields';

/** Text shares. */
@Injectable()
export class TextTools {
  constructor(
    private readonly texts: TextsService,
    private readonly links: LinksService,
  ) {}

  register(server: McpServer, a: AuthenticatedAccount): void {
    const textFields = {
      title: z.string().optional(),
      text_type: z.enum(['plain_text', 'source_code', 'markdown']).optional(),
      language: z.string().optional().describe('For source_code: the language to highlight'),
      burn_after_read: z.boolean().optional().describe('Deleted once a reader reveals it'),
      tag_ids: linkFields.tag_ids,
      password: linkFields.password,
      expire_at: linkFields.expire_at,
    };
    server.registerTool(
      'create_text',
      {
        description: 'Share a text (plain, code or Markdown); answers its short_url',
        inputSchema: {
          content: z.string(),
          custom_slug: z.string().optional(),
          domain: z.string().optional(),
          ...textFields,
        },
      },
      guarded(a, 'texts:write', async (args) => {
        const made = await this.texts.create(a, await asDto(CreateTextDto, args));
        return this.texts.get(a.id, { id: made.id });
      }),
    );
    server.registerTool(
      'update_text',
      {
        description: 'Change a text share',
        inputSchema: { id, content: z.string().optional(), ...textFields },
      },
      guarded(a, 'texts:write', async ({ id: textId, ...changes }) =>
        this.texts.update(a.id, { id: textId }, await asDto(UpdateTextDto, changes)),
      ),
    );
    server.registerTool(
      'delete_text',
      { description: 'Delete a text share', inputSchema: { id } },
      guarded(a, 'texts:write', ({ id: textId }) =>
        this.links.delete(a.id, { id: textId }, 'text'),
      ),
    );
    server.registerTool(
      'get_text',
      { description: 'One text share, with its content', inputSchema: { id } },
      guarded(a, 'texts:read', ({ id: textId }) => this.texts.get(a.id, { id: textId })),
    );
    server.registerTool(
      'list_texts',
      { description: 'Your text shares, newest first', inputSchema: { page, per_page: perPage } },
      guarded(a, 'texts:read', ({ page: p, per_page }) =>
        this.texts.list(
          a.id,
          Object.assign(new ListTextsQuery(), { page: p ?? 1, per_page: per_page ?? 30 }),
        ),
      ),
    );
  }
}
