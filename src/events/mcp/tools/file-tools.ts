import { Injectable } from '@nestjs/common';
import { Readable } from 'node:stream';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { AuthenticatedAccount } from '../../../auth/authenticated-account';
import { DomainError } from '../../../common/errors/domain-error';
import { safeDownload } from '../../../common/outbound/safe-request';
import { Env } from '../../../config/env';
import { UploadFieldsDto } from '../../../files/dto/upload-fields.dto';
import { FilesService } from '../../../files/files.service';
import { LinksService } from '../../../links/links.service';
import { asDto, guarded } from '../mcp-tool-kit';
import { id, page } from './tool-fields';

/** Files: uploads (base64, or fetched from a URL under the SSRF guard), deletion, the list. */
@Injectable()
export class FileTools {
  constructor(
    private readonly files: FilesService,
    private readonly links: LinksService,
    private readonly env: Env,
  ) {}

  register(server: McpServer, a: AuthenticatedAccount): void {
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
}
