import { Injectable } from '@nestjs/common';
import type { UsageOwner } from '../auth/plans/usage.service';
import { DomainError } from '../common/errors/domain-error';
import { createValidationPipe } from '../common/pipes/validation.pipe';
import { BULK_TAG_MAX, BulkSelectionDto } from './dto/bulk-links.dto';
import { CreateLinkDto } from './dto/create-link.dto';
import type { LinkDto } from './dto/link.dto';
import { createInput, updateInput } from './dto/to-input';
import type { UpdateLinkDto } from './dto/update-link.dto';
import { LinksService } from './links.service';

type ItemResult =
  | { ok: true; id?: number; link?: LinkDto }
  | { ok: false; id?: number; error: string; message: string };

const validate = createValidationPipe();

/**
 * Many links in one call, each its own change (and its own outbox event): one that fails is
 * answered in its place and the others go on. Items are done in the order sent.
 */
@Injectable()
export class LinksBulkService {
  constructor(private readonly links: LinksService) {}

  async create(owner: UsageOwner, items: Record<string, unknown>[]): Promise<ItemResult[]> {
    const results: ItemResult[] = [];
    for (const item of items) {
      results.push(
        await outcome(async () => {
          const dto = (await validate.transform(item, {
            type: 'body',
            metatype: CreateLinkDto,
          })) as CreateLinkDto;
          const made = await this.links.create(owner, createInput(dto));
          return { ok: true, link: await this.links.get(owner.id, { id: made.id }) };
        }),
      );
    }
    return results;
  }

  async update(accountId: number, sel: BulkSelectionDto, set: UpdateLinkDto) {
    const ids = await this.selected(accountId, sel);
    const results: ItemResult[] = [];
    for (const id of ids) {
      results.push(
        await outcome(async () => ({
          ok: true,
          id,
          link: await this.links.update(accountId, { id }, updateInput(set)),
        })),
      );
    }
    return results.map((r, i) => ({ ...r, id: ids[i] }));
  }

  async delete(accountId: number, sel: BulkSelectionDto) {
    const ids = await this.selected(accountId, sel);
    const results: ItemResult[] = [];
    for (const id of ids) {
      results.push(
        await outcome(async () => (await this.links.delete(accountId, { id }), { ok: true })),
      );
    }
    return results.map((r, i) => ({ ...r, id: ids[i] }));
  }

  private async selected(accountId: number, sel: BulkSelectionDto): Promise<number[]> {
    if ((sel.ids === undefined) === (sel.tag_id === undefined)) {
      throw new DomainError(400, 'validation_failed', 'Give either ids or tag_id', {
        errors: { ids: ['Give either ids or tag_id'] },
      });
    }
    if (sel.ids) return [...new Set(sel.ids)];
    const tagged = await this.links.slice(accountId, { tagId: sel.tag_id }, 0, BULK_TAG_MAX);
    return tagged.map((l) => l.id);
  }
}

/** The item's result, or its error in the API's words (a 500 stays a 500 of the whole call). */
async function outcome(work: () => Promise<ItemResult>): Promise<ItemResult> {
  try {
    return await work();
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
    return { ok: false, error: e.code, message: e.message };
  }
}
