import type { ValidationError } from 'class-validator';
import { tk, type Words } from '../../i18n/i18n';

/** The fields of the forms, as a sentence names them. */
const LABELS: Record<string, string> = {
  target_url: tk('The address to send visitors to'),
  custom_slug: tk('The short name'),
  slug: tk('The short name'),
  password: tk('The password'),
  email: tk('The email address'),
  title: tk('The title'),
  content: tk('The text'),
  text_type: tk('The kind of text'),
  language: tk('The language'),
  expire_at: tk('The expiry'),
  expiration_redirect_url: tk('The address for after expiry'),
  redirect_code: tk('The redirect type'),
  name: tk('The name'),
  domain: tk('The domain'),
  tag_ids: tk('The tags'),
  url: tk('The address'),
  description: tk('The description'),
};

/** What to say when a field breaks a rule the generic sentences cannot put well. */
const SPECIFIC: Record<string, string> = {
  'target_url:isUrl': tk('Give a full web address, like https://example.com/page.'),
  'target_url:matches': tk('Give a full web address, like https://example.com/page.'),
  'target_url:isHttpUrl': tk('Give a full web address, like https://example.com/page.'),
  'expiration_redirect_url:isUrl': tk('Give a full web address, like https://example.com/page.'),
  'expiration_redirect_url:isHttpUrl': tk(
    'Give a full web address, like https://example.com/page.',
  ),
  'url:isHttpUrl': tk('Give a full web address, like https://example.com/page.'),
  'mastodon_url:isHttpUrl': tk('Give a full web address, like https://example.com/page.'),
  'rss_url:isHttpUrl': tk('Give a full web address, like https://example.com/page.'),
  'custom_slug:matches': tk('A short name may use letters, digits, - and _, up to 64 of them.'),
  'slug:matches': tk('A short name may use letters, digits, - and _, up to 64 of them.'),
  'email:isEmail': tk('That does not look like an email address: it needs an @ and a domain.'),
  'content:matches': tk('The text cannot contain NUL characters.'),
  'text_type:isIn': tk('Choose plain text, source code or Markdown.'),
};

const first = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const numberIn = (message: string) => /(\d+)/.exec(message)?.[1];

/**
 * A field's first refusal as a sentence a person understands ("The password needs at least 8
 * characters."), not the validator's ("password must be longer than or equal to 8 characters").
 */
export function sayForPeople(error: ValidationError, w: Words): string {
  const [rule, message] = Object.entries(error.constraints ?? {})[0] ?? ['', ''];
  const field = error.property;
  const specific = SPECIFIC[`${field}:${rule}`];
  if (specific) return w.t(specific);
  const label = LABELS[field] ? w.t(LABELS[field]) : first(field.replace(/_/g, ' '));
  const n = Number(numberIn(message));
  switch (rule) {
    case 'minLength':
      return w.t('{{label}} needs at least {{count}} characters.', { label, count: n });
    case 'maxLength':
      return w.t('{{label}} can have at most {{count}} characters.', { label, count: n });
    case 'isNotEmpty':
    case 'isDefined':
      return w.t('{{label}} is needed.', { label });
    case 'min':
      return w.t('{{label}} must be at least {{n}}.', { label, n });
    case 'max':
      return w.t('{{label}} must be at most {{n}}.', { label, n });
    case 'isIn':
      return w.t('{{label}} is not one of the choices.', { label });
    default: {
      // The validator's own words, with the field named as people name it.
      const said = message.startsWith(field) ? `${label}${message.slice(field.length)}` : message;
      return /[.!?]$/.test(said) ? first(said) : `${first(said)}.`;
    }
  }
}
