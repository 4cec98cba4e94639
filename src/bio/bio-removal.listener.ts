import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { linkRemoving, LinkRemoving } from '../links/link-events';
import { BioPagesRepository } from './bio-pages.repository';

/** A bio page's link is being removed: its content goes in the same transaction. */
@Injectable()
export class BioRemovalListener {
  constructor(private readonly pages: BioPagesRepository) {}

  @OnEvent(linkRemoving('bio'), { suppressErrors: false })
  async onRemoving({ link, tx }: LinkRemoving): Promise<void> {
    await this.pages.deleteByLinkId(link.id, tx);
  }
}
