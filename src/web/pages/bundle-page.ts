import { humanSize } from '../../common/human-size';
import { extensionLabel } from '../../files/file-type-label';
import type { Words } from '../../i18n/i18n';
import { closedPreview, openGraph } from './open-graph';
import { renderPublicPage } from './public-pages';

export interface BundlePageModel {
  title: string | null;
  slug: string;
  shortUrl: string;
  files: {
    filename: string;
    size: number;
    /** The file's own page. */
    page: string;
    /** Its 320 px thumbnail, or null: a type icon. */
    thumb: string | null;
  }[];
  /** Link previews may show it (`unfurl`, no password). */
  preview: boolean;
  oembed: string;
}

/** A bundle's page: its files as tiles (each to its own page) and all of them as one zip. */
export function renderBundlePage(m: BundlePageModel, w: Words, brand: boolean): string {
  const title = m.title || w.t('{{count}} files', { count: m.files.length });
  const total = m.files.reduce((n, f) => n + f.size, 0);
  const summary = `${w.t('{{count}} files', { count: m.files.length })}, ${humanSize(total)}`;
  const image = m.files.find((f) => f.thumb)?.thumb;
  const og = m.preview
    ? openGraph({
        title,
        type: 'website',
        url: m.shortUrl,
        description: summary,
        image: image ? { url: new URL(image, m.shortUrl).href, type: 'image/webp' } : undefined,
        oembed: m.oembed,
      })
    : closedPreview(w.t('A few files'), m.shortUrl);
  const files = m.files.map((f) => ({
    ...f,
    sizeText: humanSize(f.size),
    extension: extensionLabel(f.filename),
  }));
  return renderPublicPage(
    'bundle',
    { title, head: og, wide: true, reportUrl: m.shortUrl, brand, slug: m.slug, summary, files },
    w,
  );
}
