import { Injectable } from '@nestjs/common';
import { AccountsService } from '../auth/accounts.service';
import { LinksService } from '../links/links.service';
import { AccountDto } from './dto/account.dto';

/** The account as its owner sees it: plan, storage, and how many shares of each kind it holds. */
@Injectable()
export class AccountOverviewService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly links: LinksService,
  ) {}

  async describe(id: number): Promise<AccountDto> {
    const account = await this.accounts.getById(id);
    const by = await this.links.countByKind(id);
    const counts = { links: by.redirect ?? 0, texts: by.text ?? 0, files: by.file ?? 0 };
    return AccountDto.fromAccount(account, counts);
  }

  async change(id: number, settings: { watch_targets?: boolean }): Promise<AccountDto> {
    if (settings.watch_targets !== undefined) {
      await this.accounts.setWatchTargets(id, settings.watch_targets);
    }
    return this.describe(id);
  }
}
