import { Injectable } from '@nestjs/common';
import { DomainError, invalid, notFound } from '../common/errors/domain-error';
import { Env } from '../config/env';
import { LinkDto, ShortLinkDto } from '../links/dto/link.dto';
import { Link } from '../links/link.entity';
import { LinkRef, LinksService, LinkUpdate } from '../links/links.service';
import { CreateTextDto, TextFieldsDto, UpdateTextDto } from './dto/create-text.dto';
import { ListTextsQuery, TextDto } from './dto/text.dto';
import { canonicalLanguage, detectLanguage } from './render/highlighter';
import { Text, TextType } from './text.entity';
import { TextMeta, TextsRepository } from './texts.repository';

@Injectable()
export class TextsService {
  constructor(
    private readonly texts: TextsRepository,
    private readonly links: LinksService,
    private readonly env: Env,
  ) {}

  /** The link and its text are written in one transaction: both or neither. */
  async create(accountId: number, dto: CreateTextDto): Promise<ShortLinkDto> {
    const sizeBytes = this.measure(dto.content);
    const language = languageFor(dto.text_type, dto.language, dto.content);
    const link = { ...linkFields(dto), kind: 'text' as const, targetUrl: null };
    return this.links.create(
      accountId,
      { ...link, domain: dto.domain, customSlug: dto.custom_slug },
      (tx, linkId) =>
        this.texts.insertIn(tx, {
          linkId,
          textType: dto.text_type,
          language,
          content: dto.content,
          sizeBytes,
          burnAfterRead: dto.burn_after_read ?? false,
        }),
    );
  }

  async update(accountId: number, ref: LinkRef, dto: UpdateTextDto): Promise<TextDto> {
    const link = await this.links.findOwned(accountId, ref, 'text');
    const text = await this.getText(link);
    const changes: Partial<Text> = {};
    if (dto.content !== undefined) {
      changes.content = dto.content;
      changes.sizeBytes = this.measure(dto.content);
    }
    if (dto.text_type !== undefined) changes.textType = dto.text_type;
    if (dto.content !== undefined || dto.text_type !== undefined || dto.language !== undefined) {
      const type = changes.textType ?? text.textType;
      const keep = type === text.textType && dto.content === undefined ? text.language : null;
      changes.language = languageFor(
        type,
        dto.language ?? keep ?? undefined,
        changes.content ?? text.content,
      );
    }
    if (dto.burn_after_read !== undefined) changes.burnAfterRead = dto.burn_after_read;
    // The link's own rules (tags, expiry) are checked by its update, before the text changes.
    await this.links.update(accountId, { id: link.id }, linkFields(dto), 'text');
    await this.texts.update(link.id, changes);
    return this.get(accountId, { id: link.id });
  }

  async get(accountId: number, ref: LinkRef): Promise<TextDto> {
    const link = await this.links.findOwned(accountId, ref, 'text');
    const text = await this.getText(link);
    return { ...toTextDto(this.links.toDto(link), text), content: text.content };
  }

  async list(accountId: number, q: ListTextsQuery): Promise<TextDto[]> {
    const links = await this.links.list(
      accountId,
      { kind: 'text', tagId: q.tag_id, textType: q.text_type },
      q.page,
      q.per_page,
    );
    const metas = await this.texts.getMetaByLinkIds(links.map((l) => l.id));
    const byId = new Map(metas.map((m) => [m.linkId, m]));
    return links.filter((l) => byId.has(l.id)).map((l) => toTextDto(l, byId.get(l.id)!));
  }

  delete(accountId: number, ref: LinkRef) {
    return this.links.delete(accountId, ref, 'text');
  }

  /** The text behind a public link, or a 404 when it is gone. */
  async getText(link: Link): Promise<Text> {
    const text = await this.texts.getByLinkId(link.id);
    if (!text) throw notFound('Text');
    return text;
  }

  private measure(content: string): number {
    const bytes = Buffer.byteLength(content, 'utf8');
    if (bytes > this.env.TEXT_MAX_BYTES) {
      throw new DomainError(
        413,
        'content_too_large',
        `content is ${bytes} bytes; the limit is ${this.env.TEXT_MAX_BYTES} bytes of UTF-8`,
      );
    }
    return bytes;
  }
}

/** Source code gets a known language (given, or detected); other types none. */
function languageFor(type: TextType, given: string | undefined, content: string): string | null {
  if (type !== 'source_code') return null;
  if (given === undefined || given === '') return detectLanguage(content);
  const language = canonicalLanguage(given);
  if (!language) throw invalid('language', `Unknown language "${given}"`);
  return language;
}

const linkFields = (dto: TextFieldsDto): LinkUpdate => ({
  title: dto.title,
  tagIds: dto.tag_ids,
  password: dto.password,
  expireAt: dto.expire_at,
  expirationRedirectUrl: dto.expiration_redirect_url,
});

const toTextDto = (link: LinkDto, t: TextMeta): TextDto => ({
  ...link,
  text_type: t.textType,
  language: t.language,
  size: t.sizeBytes,
  burn_after_read: t.burnAfterRead,
});
