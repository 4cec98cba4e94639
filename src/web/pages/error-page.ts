import type { GoneState } from '../../links/resolve/visits.service';
import { renderPublicPage } from './public-pages';

interface Words {
  title: string;
  message: string;
}

/** What a share that is gone says, by why it is gone; `message` is the service's own words. */
const GONE: Record<GoneState, (message: string, reason?: string) => Words> = {
  expired: (message) => ({
    title: message,
    message: 'Its owner set it to stop working at a given time, and that time has passed.',
  }),
  taken_down: (_, reason) => ({
    title: 'This share was taken down',
    message: reason ? `The reason given: ${reason}` : 'It broke the rules of this service.',
  }),
  read: () => ({
    title: 'This text was read and deleted',
    message:
      'It could be read once, and someone has read it. If you expected to read it, ask whoever ' +
      'sent it to share it again.',
  }),
};

function wordsFor(status: number, message: string, data: unknown): Words {
  const { state, reason } = (data ?? {}) as { state?: GoneState; reason?: string };
  if (status === 410 && state && Object.hasOwn(GONE, state)) return GONE[state](message, reason);
  if (status === 404) {
    return {
      title: 'Nothing here',
      message:
        'No share lives at this address. Check it for typos, or ask whoever sent it for a new one.',
    };
  }
  if (status === 429) return { title: 'Too many attempts', message };
  return { title: status >= 500 ? 'Something went wrong' : 'Request refused', message };
}

/** The error page a browser gets on a public address, in words for each state. */
export const renderErrorPage = (status: number, message: string, data: unknown): string => {
  const words = wordsFor(status, message, data);
  return renderPublicPage('notice', { ...words, status });
};
