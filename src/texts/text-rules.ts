import { DomainError, invalid } from '../common/errors/domain-error';
import { canonicalLanguage, detectLanguage } from './render/highlighter';
import { Text, TextType } from './text.entity';

export type TextChanges = Partial<Omit<Text, 'linkId' | 'link'>>;

export interface TextEdit {
  content?: string;
  text_type?: TextType;
  language?: string;
  burn_after_read?: boolean;
}

/** Bytes of UTF-8, refused over the limit. */
export function measure(content: string, maxBytes: number): number {
  const bytes = Buffer.byteLength(content, 'utf8');
  if (bytes > maxBytes) {
    throw new DomainError(
      413,
      'content_too_large',
      `content is ${bytes} bytes; the limit is ${maxBytes} bytes of UTF-8`,
    );
  }
  return bytes;
}

/** Source code gets a known language (given, or detected); other types none. */
export function languageFor(
  type: TextType,
  given: string | undefined,
  content: string,
): string | null {
  if (type !== 'source_code') return null;
  if (given === undefined || given === '') return detectLanguage(content);
  const language = canonicalLanguage(given);
  if (!language) throw invalid('language', `Unknown language "${given}"`);
  return language;
}

/**
 * What an edit changes in a text. The language is worked out again when the content, the type or
 * the language changes: kept when only the language-neutral parts change, detected for new code.
 */
export function textChanges(text: Text, edit: TextEdit, maxBytes: number): TextChanges {
  const changes: TextChanges = {};
  if (edit.content !== undefined) {
    changes.content = edit.content;
    changes.sizeBytes = measure(edit.content, maxBytes);
  }
  if (edit.text_type !== undefined) changes.textType = edit.text_type;
  if (edit.content !== undefined || edit.text_type !== undefined || edit.language !== undefined) {
    const type = changes.textType ?? text.textType;
    const keep = type === text.textType && edit.content === undefined ? text.language : null;
    changes.language = languageFor(
      type,
      edit.language ?? keep ?? undefined,
      changes.content ?? text.content,
    );
  }
  if (edit.burn_after_read !== undefined) changes.burnAfterRead = edit.burn_after_read;
  return changes;
}
