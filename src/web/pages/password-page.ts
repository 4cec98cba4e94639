import { escapeHtml } from '../../common/escape-html';
import { renderPage } from './layout';

/** The form a password-protected link shows; it posts back to the same address. */
export const renderPasswordPage = (slug: string, wrongPassword: boolean): string =>
  renderPage(
    'Password required',
    `<h1>This link is protected</h1>
<form method="post" action="/${escapeHtml(slug)}">
<label for="password">Password</label><br>
<input id="password" name="password" type="password" autocomplete="current-password" required autofocus
${wrongPassword ? 'aria-invalid="true" aria-describedby="error"' : ''}>
<button type="submit">Open</button>
${wrongPassword ? '<p id="error" role="alert">Wrong password. Try again.</p>' : ''}
</form>`,
  );
