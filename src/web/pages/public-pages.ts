import { Eta } from 'eta';
import { join } from 'node:path';

const STYLE = `:root{color-scheme:light dark;--fg:#1b1f24;--bg:#fff;--muted:#59636e;--accent:#0b57d0;--line:#d1d9e0;--code:#f6f8fa}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#9198a1;--accent:#7aa2ff;--line:#3d444d;--code:#151b23}}
body{font:16px/1.5 system-ui,sans-serif;color:var(--fg);background:var(--bg);max-width:40rem;margin:3rem auto;padding:0 1rem}
body.wide{max-width:72rem;margin-top:1.5rem}
h1{font-size:1.5rem;overflow-wrap:anywhere}p{color:var(--muted)}a{color:var(--accent)}
input,button,select{font:inherit;padding:.3rem .6rem}`;

/** The public side's templates (Eta, escaped by default, as the account area's are). */
const eta = new Eta({ views: join(__dirname, '..', 'views'), cache: true });

/** What every public page's layout takes besides its own data. */
export interface PageFrame {
  title: string;
  /** Extra markup for <head> (meta tags, styles); must already be safe HTML. */
  head?: string;
  /** Wide layout for code. */
  wide?: boolean;
  /** A share's page: its short URL, for the "Report abuse" link. */
  reportUrl?: string;
}

/** A public page from its template (`web/views/<template>.eta`) in the common layout. */
export const renderPublicPage = (
  template: string,
  data: PageFrame & Record<string, unknown>,
): string => eta.render(`./${template}`, { style: STYLE, ...data });
