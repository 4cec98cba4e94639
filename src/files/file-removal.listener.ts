import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { AccountsService } from '../auth/accounts.service';
import { linkRemoving, LinkRemoving } from '../links/link-events';
import { FilesRepository } from './files.repository';
import { bytesKeyOf } from './file.entity';
import { SharedBytes } from './shared-bytes';

/**
 * A file's link is being removed (by its owner, by the delete hash): the record and the account's
 * usage change in the same transaction, the stored bytes go once it has committed.
 */
@Injectable()
export class FileRemovalListener {
  constructor(
    private readonly files: FilesRepository,
    private readonly accounts: AccountsService,
    private readonly bytes: SharedBytes,
  ) {}

  @OnEvent(linkRemoving('file'), { suppressErrors: false })
  async onRemoving({ link, tx }: LinkRemoving): Promise<void> {
    const file = await this.files.deleteByLinkId(link.id, tx);
    if (!file) return;
    await this.accounts.releaseStorage(file.accountId, file.size, tx);
    // Bytes other records share stay until the last one goes.
    await this.bytes.release(bytesKeyOf(file), file.path, tx);
  }
}
