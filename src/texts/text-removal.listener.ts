import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { linkRemoving, LinkRemoving } from '../links/link-events';
import { TextsRepository } from './texts.repository';

/** A text's link is being removed (by its owner, or burnt after reading): its content goes too. */
@Injectable()
export class TextRemovalListener {
  constructor(private readonly texts: TextsRepository) {}

  @OnEvent(linkRemoving('text'), { suppressErrors: false })
  async onRemoving({ link, tx }: LinkRemoving): Promise<void> {
    await this.texts.deleteByLinkId(link.id, tx);
  }
}
