import { Injectable } from '@nestjs/common';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AuthenticatedAccount } from '../../auth/authenticated-account';
import { AccountTools } from './tools/account-tools';
import { BioTools } from './tools/bio-tools';
import { BundleTools } from './tools/bundle-tools';
import { FileTools } from './tools/file-tools';
import { LinkTools } from './tools/link-tools';
import { LinkRuleTools } from './tools/link-rule-tools';
import { TextTools } from './tools/text-tools';

/**
 * The tools an agent gets at /mcp, each the REST call it stands for, with the token's scopes
 * (docs/events.md lists them). A server is built for one request: the account is the token's.
 */
@Injectable()
export class McpTools {
  private readonly families: { register(server: McpServer, a: AuthenticatedAccount): void }[];

  constructor(
    links: LinkTools,
    rules: LinkRuleTools,
    texts: TextTools,
    files: FileTools,
    bundles: BundleTools,
    bio: BioTools,
    account: AccountTools,
  ) {
    this.families = [links, rules, texts, files, bundles, bio, account];
  }

  serverFor(a: AuthenticatedAccount): McpServer {
    const server = new McpServer({ name: 'linkdrop', version: '1.0.0' });
    for (const family of this.families) family.register(server, a);
    return server;
  }
}
