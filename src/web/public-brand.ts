import { Injectable } from '@nestjs/common';
import type { IncomingMessage } from 'node:http';
import { Env } from '../config/env';
import { DomainsService } from '../domains/domains.service';

/**
 * Whether a public page shows Linkdrop's brand: always on the operator's domains; on a custom
 * domain unless the operator turned it off (PUBLIC_BRAND_ON_CUSTOM_DOMAINS=false), so the
 * domain's owner shares under their own name alone.
 */
@Injectable()
export class PublicBrand {
  constructor(
    private readonly env: Env,
    private readonly domains: DomainsService,
  ) {}

  shownTo(req: IncomingMessage): boolean {
    return (
      this.env.PUBLIC_BRAND_ON_CUSTOM_DOMAINS || !this.domains.isCustom(req.headers.host ?? '')
    );
  }
}
