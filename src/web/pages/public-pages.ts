import { Eta } from 'eta';
import { join } from 'node:path';
import { ASSET_VERSION } from '../../account-area/asset-files';
import { LANGUAGE_NAMES, LANGUAGES, Words } from '../../i18n/i18n';

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
  /** false: no brand (a custom domain whose operator chose so; PublicBrand decides). */
  brand?: boolean;
}

/**
 * A public page from its template (`web/views/<template>.eta`) in the common layout: the slim
 * header with the brand and a way home, and the one stylesheet of every page (`/assets/app.css`),
 * in the reader's language.
 */
export const renderPublicPage = (
  template: string,
  data: PageFrame & Record<string, unknown>,
  words: Words,
): string =>
  eta.render(`./${template}`, {
    assetVersion: ASSET_VERSION,
    lang: words.lang,
    t: words.t,
    html: words.html,
    uiLanguages: LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code] })),
    brand: true,
    ...data,
  });
