import { Injectable, Logger } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import { AccountsService } from '../auth/accounts.service';
import { linkRemoving, LinkRemoving } from '../links/link-events';
import { FilesRepository } from './files.repository';
import { bytesKeyOf } from './file.entity';
import { Storage } from './storage/storage';

/**
 * A file's link is being removed (by its owner, by the delete hash): the record and the account's
 * usage change in the same transaction, the stored bytes go once it has committed.
 */
@Injectable()
export class FileRemovalListener {
  private readonly logger = new Logger(FileRemovalListener.name);

  constructor(
    private readonly files: FilesRepository,
    private readonly accounts: AccountsService,
    private readonly storage: Storage,
  ) {}

  @OnEvent(linkRemoving('file'), { suppressErrors: false })
  async onRemoving({ link, tx }: LinkRemoving): Promise<void> {
    const file = await this.files.deleteByLinkId(link.id, tx);
    if (!file) return;
    await this.accounts.releaseStorage(file.accountId, file.size, tx);
    // Bytes another record shares (fast uploads) stay until the last one goes.
    const key = bytesKeyOf(file);
    if (await this.files.bytesInUse(key, tx)) return;
    tx.afterCommit(() =>
      this.storage.delete(key).catch((e: Error) =>
        // The record is gone; bytes left behind are only wasted space. Say so for the operator.
        this.logger.warn(`could not delete stored bytes of ${file.path}: ${e.message}`),
      ),
    );
  }
}
