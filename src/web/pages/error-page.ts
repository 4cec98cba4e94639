import { escapeHtml } from '../../common/escape-html';
import { renderPage } from './layout';

const TITLES: Record<number, string> = {
  404: 'Not found',
  410: 'This link has expired',
  429: 'Too many attempts',
};

export const renderErrorPage = (status: number, message: string): string => {
  const title = TITLES[status] ?? (status >= 500 ? 'Something went wrong' : 'Request refused');
  return renderPage(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
};
