import { renderPublicPage } from './public-pages';

const TITLES: Record<number, string> = {
  404: 'Not found',
  410: 'This link has expired',
  429: 'Too many attempts',
};

export const renderErrorPage = (status: number, message: string): string => {
  const title = TITLES[status] ?? (status >= 500 ? 'Something went wrong' : 'Request refused');
  return renderPublicPage('notice', { title, message });
};
