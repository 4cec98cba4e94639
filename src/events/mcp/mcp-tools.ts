import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { StatsService } from '../../analytics/stats/stats.service';
import { StatsQuery } from '../../analytics/stats/dto/stats.query';
import type { AuthenticatedAccount } from '../../auth/authenticated-account';
import { DomainError } from '../../common/errors/domain-error';
import { safeDownload } from '../../common/outbound/safe-request';
import { Env } from '../../config/env';
import { DomainsService } from '../../domains/domains.service';
import { UploadFieldsDto } from '../../files/dto/upload-fields.dto';
import { FilesService } from '../../files/files.service';
import { CreateLinkDto } from '../../links/dto/create-link.dto';
import { createInput, updateInput } from '../../links/dto/to-input';
import { UpdateLinkDto } from '../../links/dto/update-link.dto';
import { LinksService } from '../../links/links.service';
import { TagsService } from '../../tags/tags.service';
import { CreateTextDto, UpdateTextDto } from '../../texts/dto/create-text.dto';
import { ListTextsQuery } from '../../texts/dto/text.dto';
import { TextsService } from '../../texts/texts.service';
import { asDto, guarded } from './mcp-tool-kit';

const id = z.number().int().positive().describe('The id, as the list tools show it');
const page = z.number().int().positive().max(100_000).optional().describe('From 1');
const perPage = z.number().int().min(1).max(100).optional().describe('1-100, 30 by default');
const linkFields = {
  title: z.string().optional(),
  tag_ids: z.array(z.number().int().positive()).optional().describe('list_tags shows them'),
  password: z.string().optional().describe('Visitors must give it'),
  expire_at: z.number().int().optional().describe('Unix seconds'),
};

/**
 * The tools an agent gets at /mcp, each the REST call it stands for, with the token's scopes
 * (docs/events.md lists them). Built for one request: the account is the token's.
 */
@Injectable()
export class McpTools {
  constructor(
    private readonly links: LinksService,
    private readonly texts: TextsService,
    private readonly files: FilesService,
    private readonly stats: StatsService,
    private readonly domains: DomainsService,
    private readonly tags: TagsService,
    private readonly env: Env,
  ) {}

  serverFor(a: AuthenticatedAccount): McpServer {
    const server = new McpServer({ name: 'linkdrop', version: '1.0.0' });
    this.linkTools(server, a);
    this.textTools(server, a);
    this.fileTools(server, a);
    this.otherTools(server, a);
    return server;
  }

  private linkTools(server: McpServer, a: AuthenticatedAccount) {
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

  private textTools(server: McpServer, a: AuthenticatedAccount) {
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

  private fileTools(server: McpServer, a: AuthenticatedAccount) {
    server.registerTool(
      'upload_file',
      {
        description:
          'Upload a file: small ones as base64 in content_base64, larger ones from a URL the ' +
          'server fetches (public addresses only); answers the file record with its page',
        inputSchema: {
          filename: z.string().min(1).max(255),
          content_base64: z.string().optional(),
          url: z.string().optional().describe('http(s) URL of the bytes'),
          is_private: z.boolean().optional(),
          custom_slug: z.string().optional(),
          domain: z.string().optional(),
        },
      },
      guarded(a, 'files:write', async ({ filename, content_base64, url, ...fields }) => {
        if ((content_base64 === undefined) === (url === undefined)) {
          throw new DomainError(400, 'validation_failed', 'Give either content_base64 or url');
        }
        const dto = await asDto(UploadFieldsDto, fields);
        const stream =
          content_base64 !== undefined
            ? Readable.from([Buffer.from(content_base64, 'base64')])
            : await safeDownload(url!, this.env.WEBHOOK_ALLOW_PRIVATE);
        return this.files.uploadStream(a, stream, filename, dto);
      }),
    );
    server.registerTool(
      'delete_file',
      { description: 'Delete a file and its stored bytes', inputSchema: { id } },
      guarded(a, 'files:write', ({ id: fileId }) =>
        this.links.delete(a.id, { id: fileId }, 'file'),
      ),
    );
    server.registerTool(
      'list_files',
      { description: 'Your files, newest first (30 a page)', inputSchema: { page } },
      guarded(a, 'files:read', ({ page: p }) => this.files.history(a.id, p ?? 1)),
    );
  }

  private otherTools(server: McpServer, a: AuthenticatedAccount) {
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
