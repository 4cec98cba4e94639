import type { UsageOwner } from '../auth/plans/usage.service';
import { Injectable } from '@nestjs/common';
import { notFound } from '../common/errors/domain-error';
import { Env } from '../config/env';
import { UnitOfWork } from '../database/unit-of-work';
import { asListItem, LinkDto, ShortLinkDto } from '../links/dto/link.dto';
import { linkFields } from '../links/dto/to-input';
import { Link } from '../links/link.entity';
import { LinkRef } from '../links/link-input';
import { LinksService } from '../links/links.service';
import { CreateTextDto, UpdateTextDto } from './dto/create-text.dto';
import { ListTextsQuery, TextDto } from './dto/text.dto';
import { languageFor, measure, textChanges } from './text-rules';
import { Text } from './text.entity';
import { TextMeta, TextsRepository } from './texts.repository';

@Injectable()
export class TextsService {
  constructor(
    private readonly texts: TextsRepository,
    private readonly links: LinksService,
    private readonly uow: UnitOfWork,
    private readonly env: Env,
  ) {}

  /** The link and its text are written in one transaction: both or neither. */
  async create(owner: UsageOwner, dto: CreateTextDto): Promise<ShortLinkDto> {
    const sizeBytes = measure(dto.content, this.env.TEXT_MAX_BYTES);
    const language = languageFor(dto.text_type, dto.language, dto.content);
    const input = {
      ...linkFields(dto),
      kind: 'text' as const,
      targetUrl: null,
      domain: dto.domain,
      customSlug: dto.custom_slug,
    };
    const text = {
      textType: dto.text_type,
      language,
      content: dto.content,
      sizeBytes,
      burnAfterRead: dto.burn_after_read ?? false,
    };
    return this.uow.run(async (tx) => {
      // Its event carries the text as GET /api/v1/texts/:id shows it.
      const link = await this.links.create(owner, input, tx, () => textFieldsOf(text));
      await this.texts.insert({ ...text, linkId: link.id }, tx);
      return link;
    });
  }

  /**
   * The link's rules (tags, expiry) and the text's are checked first; then both are written in
   * one transaction, so no reader sees the new version of one with the old of the other.
   */
  async update(accountId: number, ref: LinkRef, dto: UpdateTextDto): Promise<TextDto> {
    const link = await this.links.findOwned(accountId, ref, 'text');
    const text = await this.getText(link);
    const changes = textChanges(text, dto, this.env.TEXT_MAX_BYTES);
    const linkUpdate = await this.links.prepareUpdate(link, linkFields(dto));
    await this.uow.run(async (tx) => {
      await this.links.applyUpdate(linkUpdate, tx, textFieldsOf({ ...text, ...changes }));
      await this.texts.update(link.id, changes, tx);
    });
    const updated = await this.links.get(accountId, { id: link.id });
    return {
      ...toTextDto(updated, { ...text, ...changes }),
      content: changes.content ?? text.content,
    };
  }

  async get(accountId: number, ref: LinkRef): Promise<TextDto> {
    const link = await this.links.findOwned(accountId, ref, 'text');
    const text = await this.getText(link);
    const [dto] = await this.links.toDtos([link]);
    return { ...toTextDto(dto, text), content: text.content };
  }

  /** A page of the account's texts, narrowed and ordered as the query asks. */
  async list(accountId: number, q: ListTextsQuery): Promise<TextDto[]> {
    const filter = { tagId: q.tag_id, textType: q.text_type, q: q.q, sort: q.sort };
    const ids = await this.texts.listLinkIds(accountId, filter, q.page, q.per_page);
    const [links, metas] = await Promise.all([
      this.links.getMany(accountId, ids),
      this.texts.getMetaByLinkIds(ids),
    ]);
    const byId = new Map(metas.map((m) => [m.linkId, m]));
    return links
      .filter((l) => byId.has(l.id))
      .map((l) => {
        const meta = byId.get(l.id)!;
        return { ...asListItem(toTextDto(l, meta)), content_preview: meta.preview };
      });
  }

  delete(accountId: number, ref: LinkRef) {
    return this.links.delete(accountId, ref, 'text');
  }

  /** The text behind a link, or a 404 when it is gone. */
  async getText(link: Link): Promise<Text> {
    const text = await this.texts.getByLinkId(link.id);
    if (!text) throw notFound('Text');
    return text;
  }
}

const toTextDto = (link: LinkDto, t: TextMeta): TextDto => ({
  ...link,
  text_type: t.textType,
  language: t.language,
  size: t.sizeBytes,
  burn_after_read: t.burnAfterRead,
});

/** What a text adds to its share's fields, as its API shows it (its events' data). */
const textFieldsOf = (t: Omit<TextMeta, 'linkId'> & { content: string }) => ({
  text_type: t.textType,
  language: t.language,
  size: t.sizeBytes,
  burn_after_read: t.burnAfterRead,
  content: t.content,
});
