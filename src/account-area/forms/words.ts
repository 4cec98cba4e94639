import type { ValidationError } from 'class-validator';

/** The fields of the forms, as a sentence names them. */
const LABELS: Record<string, string> = {
  target_url: 'The address to send visitors to',
  custom_slug: 'The short name',
  slug: 'The short name',
  password: 'The password',
  email: 'The email address',
  title: 'The title',
  content: 'The text',
  text_type: 'The kind of text',
  language: 'The language',
  expire_at: 'The expiry',
  expiration_redirect_url: 'The address for after expiry',
  redirect_code: 'The redirect type',
  name: 'The name',
  domain: 'The domain',
  tag_ids: 'The tags',
};

/** What to say when a field breaks a rule the generic sentences cannot put well. */
const SPECIFIC: Record<string, string> = {
  'target_url:isUrl': 'Give a full web address, like https://example.com/page.',
  'target_url:matches': 'Give a full web address, like https://example.com/page.',
  'target_url:isHttpUrl': 'Give a full web address, like https://example.com/page.',
  'expiration_redirect_url:isUrl': 'Give a full web address, like https://example.com/page.',
  'expiration_redirect_url:isHttpUrl': 'Give a full web address, like https://example.com/page.',
  'custom_slug:matches': 'A short name may use letters, digits, - and _, up to 64 of them.',
  'slug:matches': 'A short name may use letters, digits, - and _, up to 64 of them.',
  'email:isEmail': 'That does not look like an email address: it needs an @ and a domain.',
  'content:matches': 'The text cannot contain NUL characters.',
  'text_type:isIn': 'Choose plain text, source code or Markdown.',
};

const first = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const numberIn = (message: string) => /(\d+)/.exec(message)?.[1];

/**
 * A field's first refusal as a sentence a person understands ("The password needs at least 8
 * characters."), not the validator's ("password must be longer than or equal to 8 characters").
 */
export function sayForPeople(error: ValidationError): string {
  const [rule, message] = Object.entries(error.constraints ?? {})[0] ?? ['', ''];
  const field = error.property;
  const specific = SPECIFIC[`${field}:${rule}`];
  if (specific) return specific;
  const label = LABELS[field] ?? first(field.replace(/_/g, ' '));
  const n = numberIn(message);
  switch (rule) {
    case 'minLength':
      return `${label} needs at least ${n} characters.`;
    case 'maxLength':
      return `${label} can have at most ${n} characters.`;
    case 'isNotEmpty':
    case 'isDefined':
      return `${label} is needed.`;
    case 'min':
      return `${label} must be at least ${n}.`;
    case 'max':
      return `${label} must be at most ${n}.`;
    case 'isIn':
      return `${label} is not one of the choices.`;
    default: {
      // The validator's own words, with the field named as people name it.
      const said = message.startsWith(field) ? `${label}${message.slice(field.length)}` : message;
      return /[.!?]$/.test(said) ? first(said) : `${first(said)}.`;
    }
  }
}
