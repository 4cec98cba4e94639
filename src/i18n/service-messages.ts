import { tk } from './i18n';

/**
 * Messages the services give (the API's `message`), which pages show as they are through
 * `Words.say()`: the fixed ones a person meets on a page, listed for the key check. A message
 * with a value in it (a slug, a size) stays in English on every page.
 */
export const SERVICE_MESSAGES = [
  tk('This link has expired'),
  tk('This text has expired'),
  tk('This file has expired'),
  tk('This page has expired'),
  tk('These files have expired'),
  tk('Wrong email or password'),
  tk('An account with this email already exists'),
  tk('Sign-up is closed on this server'),
  tk('This account has been disabled'),
  tk('The plan of this account is not active'),
  tk('Wrong link password'),
  tk('Link not found'),
  tk('There is no share at this address'),
  tk('A text is revealed from its own page only'),
  tk('The file does not fit in what is left of your storage'),
  tk('The file is empty'),
  tk('You cannot disable your own account'),
  tk('Choose a reason'),
  tk('Give a reason for the takedown'),
  tk('Give the address of the share'),
  tk('This report is closed already'),
  tk('The request body is too large'),
  tk('Give at most 20 tags'),
  tk('A tag name can have at most 64 characters'),
];
