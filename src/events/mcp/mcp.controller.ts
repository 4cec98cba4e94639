import { All, Controller, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Request, Response } from 'express';
import type { AuthenticatedAccount } from '../../auth/authenticated-account';
import { CurrentAccount } from '../../auth/current-account.decorator';
import { ApiAuth } from '../../auth/scopes/api-auth.decorator';
import { RawResponse } from '../../common/decorators/raw-response.decorator';
import { McpTools } from './mcp-tools';

/**
 * The Model Context Protocol's Streamable HTTP transport, stateless: every POST carries its
 * token, and gets a server of its own with the tools that token's account may use (each tool
 * checks its scope). No sessions, so there is no stream to GET and nothing to DELETE.
 */
@ApiExcludeController()
@ApiAuth('any')
@Controller('mcp')
export class McpController {
  constructor(private readonly tools: McpTools) {}

  @Post()
  @RawResponse()
  async handle(
    @CurrentAccount() account: AuthenticatedAccount,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const server = this.tools.serverFor(account);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  }

  @All()
  @RawResponse()
  other(@Res() res: Response): void {
    res
      .status(405)
      .set('Allow', 'POST')
      .json({
        jsonrpc: '2.0',
        error: {
          code: -32000,
          message: 'Method not allowed: this endpoint is stateless, POST only',
        },
        id: null,
      });
  }
}
