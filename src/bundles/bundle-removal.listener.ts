import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { linkRemoving, LinkRemoving } from '../links/link-events';
import { FILE_JOINS_BUNDLE, FileJoinsBundle } from '../files/file-events';
import { BundlesService } from './bundles.service';

/** What happens to bundles inside other shares' transactions: removal, and files joining. */
@Injectable()
export class BundleRemovalListener {
  constructor(private readonly bundles: BundlesService) {}

  @OnEvent(linkRemoving('bundle'), { suppressErrors: false })
  async onRemoving({ link, tx }: LinkRemoving): Promise<void> {
    await this.bundles.removeContent(link, tx);
  }

  /** A resumable upload aimed at a bundle: its file joins it as its record is written. */
  @OnEvent(FILE_JOINS_BUNDLE, { suppressErrors: false })
  async onFileJoins({ accountId, bundleId, fileId, tx }: FileJoinsBundle): Promise<void> {
    await this.bundles.join(accountId, bundleId, fileId, tx);
  }
}
