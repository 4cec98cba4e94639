import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { CreateBundleDto, UpdateBundleDto } from '../../../bundles/dto/bundle.dto';
import { BundlesService } from '../../../bundles/bundles.service';
import type { AuthenticatedAccount } from '../../../auth/authenticated-account';
import { asDto, guarded } from '../mcp-tool-kit';
import { id, page, linkFields } from './tool-fields';

/** Bundles of files. */
@Injectable()
export class BundleTools {
  constructor(private readonly bundles: BundlesService) {}

  register(server: McpServer, a: AuthenticatedAccount): void {
    const fields = {
      title: z.string().optional(),
      password: linkFields.password,
      expire_at: linkFields.expire_at,
      is_private: z.boolean().optional().describe('Files only through signed URLs'),
    };
    server.registerTool(
      'create_bundle',
      {
        description: 'Put files you uploaded under one address (with a zip of them all)',
        inputSchema: {
          file_ids: z
            .array(z.number().int().positive())
            .optional()
            .describe('list_files shows them'),
          custom_slug: z.string().optional(),
          domain: z.string().optional(),
          ...fields,
        },
      },
      guarded(a, 'files:write', async (args) =>
        this.bundles.create(a, await asDto(CreateBundleDto, args)),
      ),
    );
    server.registerTool(
      'update_bundle',
      {
        description: 'Change a bundle; add_file_ids adds files to it',
        inputSchema: {
          id,
          ...fields,
          add_file_ids: z.array(z.number().int().positive()).optional(),
        },
      },
      guarded(a, 'files:write', async ({ id: bundleId, add_file_ids, ...changes }) => {
        await this.bundles.update(a.id, bundleId, await asDto(UpdateBundleDto, changes));
        if (add_file_ids?.length) await this.bundles.addFiles(a.id, bundleId, add_file_ids);
        return this.bundles.get(a.id, bundleId);
      }),
    );
    server.registerTool(
      'delete_bundle',
      { description: 'Delete a bundle and the files in it', inputSchema: { id } },
      guarded(a, 'files:write', ({ id: bundleId }) => this.bundles.delete(a.id, bundleId)),
    );
    server.registerTool(
      'get_bundle',
      { description: 'One bundle, with its files', inputSchema: { id } },
      guarded(a, 'files:read', ({ id: bundleId }) => this.bundles.get(a.id, bundleId)),
    );
    server.registerTool(
      'list_bundles',
      { description: 'Your bundles, newest first', inputSchema: { page } },
      guarded(a, 'files:read', ({ page: p }) => this.bundles.list(a.id, p ?? 1)),
    );
  }
}
