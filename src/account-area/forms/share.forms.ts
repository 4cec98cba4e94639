import { Transform } from 'class-transformer';
import { IsArray, IsOptional, IsString } from 'class-validator';
import { DomainError } from '../../common/errors/domain-error';
import { SaveTagDto } from '../../tags/dto/tag.dto';
import { parseForm } from '../form';
import { Filled, WebAddress } from './filled.decorator';
import { tk, type Words } from '../../i18n/i18n';

const ids = () => Transform(({ value }: { value: unknown }) => [value ?? []].flat().map(Number));

/** A text area as sent: line ends made `\n`; anything but a string is no text. */
const TextArea = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.replace(/\r\n/g, '\n') : '',
  );

/** Tag names typed as `work, to read`: trimmed, empty ones and repeats left out. */
export const TagNames = () =>
  Transform(({ value }: { value: unknown }) => [
    ...new Set(
      (typeof value === 'string' ? value : '')
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
    ),
  ]);

/** The checked rows of a list, for a bulk delete: `ids` once or several times. */
export class SelectedSharesForm {
  @ids() @IsArray() ids: number[] = [];
}

/** The new-link form (and the home page's shorten box); CreateLinkDto checks what it holds. */
export class NewLinkForm {
  @WebAddress() @IsOptional() @IsString() target_url?: string;
  @Filled() @IsOptional() @IsString() custom_slug?: string;
  @Filled() @IsOptional() @IsString() domain?: string;
  @Filled() @IsOptional() @IsString() title?: string;
  @Filled() @IsOptional() @IsString() password?: string;
  /** `YYYY-MM-DDTHH:mm` (UTC); empty: no expiry. */
  @Filled() @IsOptional() @IsString() expire_at?: string;
  @Filled() @IsOptional() @IsString() redirect_code?: string;
  @TagNames() @IsArray() tags: string[] = [];
}

/** The new-text and edit-text forms; the API's text DTOs check what they hold. */
export class TextForm {
  @Filled() @IsOptional() @IsString() title?: string;
  @Filled() @IsOptional() @IsString() text_type?: string;
  @Filled() @IsOptional() @IsString() language?: string;
  @Filled() @IsOptional() @IsString() password?: string;
  /** `1`: the password goes (edit). */
  @IsOptional() @IsString() remove_password?: string;
  /** `YYYY-MM-DDTHH:mm` (UTC); empty: no expiry. */
  @Filled() @IsOptional() @IsString() expire_at?: string;
  /** `1`: link previews may show its content (edit pages; unticked, they show only its kind). */
  @IsOptional() @IsString() unfurl?: string;
  /** `1`: burn after reading (new texts). */
  @IsOptional() @IsString() burn_after_read?: string;
  @TagNames() @IsArray() tags: string[] = [];
  @TextArea() @IsString() content = '';
}

/** A file's privacy switch: `1` private, anything else public. */
export class PrivacyForm {
  @IsOptional() @IsString() private?: string;
}

/** A tag's name (add, rename) or an API token's (create). */
export class NameForm {
  @Filled() @IsOptional() @IsString() name?: string;
}

/** A tag's name from the form, by the API's rules (1-64 characters, trimmed). */
export async function tagNameOf(form: NameForm, w: Words): Promise<string> {
  const parsed = await parseForm(w, SaveTagDto, { name: form.name ?? '' });
  if (!parsed.dto) throw new DomainError(400, 'validation_failed', parsed.error);
  return parsed.dto.name;
}

export class PasswordChangeForm {
  @Filled() @IsOptional() @IsString() current_password?: string;
  @Filled() @IsOptional() @IsString() new_password?: string;
}

/** The public abuse report form; AbuseReportsService checks what it holds. */
export class ReportForm {
  @Filled() @IsOptional() @IsString() url?: string;
  @Filled() @IsOptional() @IsString() reason?: string;
  @Filled() @IsOptional() @IsString() details?: string;
  @Filled() @IsOptional() @IsString() email?: string;
}

/** `?url=` of the report form, `?next=` of the log-in page. */
export class AddressQuery {
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.slice(0, 2048) : value,
  )
  @IsOptional()
  @IsString()
  url?: string;

  @IsOptional() @IsString() next?: string;
}

/** A text form whose text is only blanks. */
export const noText = () => new DomainError(400, 'validation_failed', tk('Write some text'));
