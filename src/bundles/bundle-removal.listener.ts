import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { linkRemoving, LinkRemoving } from '../links/link-events';
import { BundlesService } from './bundles.service';

/** A bundle's link is being removed: its files go in the same transaction. */
@Injectable()
export class BundleRemovalListener {
  constructor(private readonly bundles: BundlesService) {}

  @OnEvent(linkRemoving('bundle'), { suppressErrors: false })
  async onRemoving({ link, tx }: LinkRemoving): Promise<void> {
    await this.bundles.removeContent(link, tx);
  }
}
