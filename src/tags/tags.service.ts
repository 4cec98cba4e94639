import { Injectable } from '@nestjs/common';
import { DomainError, invalid, notFound } from '../common/errors/domain-error';
import { TagDto } from './dto/tag.dto';
import { Tag } from './tag.entity';
import { TagsRepository } from './tags.repository';

const taken = (name: string) =>
  new DomainError(409, 'conflict', `You already have a tag named "${name}"`);

/** Tags one share may be given by name at once. */
const MAX_NAMED = 20;

@Injectable()
export class TagsService {
  constructor(private readonly tags: TagsRepository) {}

  async list(accountId: number): Promise<TagDto[]> {
    return (await this.tags.listByAccount(accountId)).map((t) => TagDto.from(t));
  }

  async create(accountId: number, name: string): Promise<TagDto> {
    const tag = await this.tags.insert(accountId, name);
    if (!tag) throw taken(name);
    return TagDto.from(tag);
  }

  async rename(accountId: number, id: number, name: string): Promise<TagDto> {
    const tag = await this.getOwned(accountId, id);
    if (!(await this.tags.rename(tag, name))) throw taken(name);
    return TagDto.from({ ...tag, name });
  }

  async delete(accountId: number, id: number): Promise<{ id: number; deleted: true }> {
    await this.getOwned(accountId, id);
    await this.tags.delete(id);
    return { id, deleted: true };
  }

  /**
   * Runs `work` with the ids of the caller's tags named `names` (exact names; the missing ones
   * are made). If `work` fails, the tags made for it are deleted again: a refused form leaves no
   * new tag behind.
   */
  async withNamed<R>(
    accountId: number,
    names: string[],
    work: (ids: number[]) => Promise<R>,
  ): Promise<R> {
    if (names.length > MAX_NAMED) throw invalid('tags', 'Give at most 20 tags');
    if (names.some((n) => n.length > 64)) {
      throw invalid('tags', 'A tag name can have at most 64 characters');
    }
    const known = new Map((await this.tags.listByAccount(accountId)).map((t) => [t.name, t.id]));
    const made: number[] = [];
    try {
      const ids: number[] = [];
      for (const name of names) {
        let id = known.get(name);
        if (id === undefined) {
          const tag = await this.tags.insert(accountId, name);
          if (!tag) throw taken(name);
          made.push((id = tag.id));
        }
        ids.push(id);
      }
      return await work(ids);
    } catch (e) {
      for (const id of made) await this.tags.delete(id).catch(() => undefined);
      throw e;
    }
  }

  /** The caller's tags with these ids; any id that is not theirs is a validation error. */
  async resolveOwned(accountId: number, ids: number[] | undefined): Promise<Tag[]> {
    const unique = [...new Set(ids ?? [])];
    const tags = await this.tags.getOwnedByIds(unique, accountId);
    if (tags.length !== unique.length) {
      const missing = unique.filter((id) => !tags.some((t) => t.id === id));
      throw invalid('tag_ids', `Unknown tag ids: ${missing.join(', ')}`);
    }
    return tags;
  }

  private async getOwned(accountId: number, id: number): Promise<Tag> {
    const tag = await this.tags.getOwned(id, accountId);
    if (!tag) throw notFound('Tag');
    return tag;
  }
}
