import type { Words } from '../../i18n/i18n';
import type { GoneState } from '../../links/resolve/visits.service';
import { renderPublicPage } from './public-pages';

interface Sentences {
  title: string;
  message: string;
}

/** What a share that is gone says, by why it is gone; `message` is the service's own words. */
const GONE: Record<GoneState, (w: Words, message: string, reason?: string) => Sentences> = {
  expired: (w, message) => ({
    title: w.say(message),
    message: w.t('Its owner set it to stop working at a given time, and that time has passed.'),
  }),
  taken_down: (w, _, reason) => ({
    title: w.t('This share was taken down'),
    message: reason
      ? w.t('The reason given: {{reason}}', { reason })
      : w.t('It broke the rules of this service.'),
  }),
  limit: (w) => ({
    title: w.t('This link reached its visit limit'),
    message: w.t('Its owner let it be opened a set number of times, and it has been.'),
  }),
  read: (w) => ({
    title: w.t('This text was read and deleted'),
    message: w.t(
      'It could be read once, and someone has read it. If you expected to read it, ask whoever sent it to share it again.',
    ),
  }),
};

function sentencesFor(w: Words, status: number, message: string, data: unknown): Sentences {
  const { state, reason } = (data ?? {}) as { state?: GoneState; reason?: string };
  if (status === 410 && state && Object.hasOwn(GONE, state)) return GONE[state](w, message, reason);
  if (status === 404) {
    return {
      title: w.t('Nothing here'),
      message: w.t(
        'No share lives at this address. Check it for typos, or ask whoever sent it for a new one.',
      ),
    };
  }
  if (status === 429) return { title: w.t('Too many attempts'), message: w.say(message) };
  return {
    title: status >= 500 ? w.t('Something went wrong') : w.t('Request refused'),
    message: w.say(message),
  };
}

/** The error page a browser gets on a public address, in words for each state. */
export const renderErrorPage = (
  status: number,
  message: string,
  data: unknown,
  w: Words,
  brand: boolean,
) => renderPublicPage('notice', { ...sentencesFor(w, status, message, data), status, brand }, w);
