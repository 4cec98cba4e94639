import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { BioService } from '../bio/bio.service';
import { DomainError, notFound } from '../common/errors/domain-error';
import { DomainsService } from '../domains/domains.service';
import { FilesService } from '../files/files.service';
import { sendRedirect } from '../links/resolve/send-redirect';
import { Visit, VisitsService } from '../links/resolve/visits.service';
import { TextReadsService } from '../texts/text-reads.service';
import { FileServer } from './file-server';
import { renderBioPage } from './pages/bio-page';
import { renderFilePage } from './pages/file-page';
import { previewKindOf, renderTextPreview, TEXT_PREVIEW_BYTES } from './pages/file-preview';
import { renderPasswordPage } from './pages/password-page';
import { COPY_SCRIPT_SOURCE, renderRevealPage, renderTextPage } from './pages/text-page';
import { sessionSecretOf } from '../auth/sessions/session-cookies';
import { WebSessionsService } from '../auth/sessions/web-sessions.service';
import type { Link } from '../links/link.entity';
import { CachedPage, TextPageCache } from './text-page-cache';
import { ClientBudget } from '../rate-limit/client-budget';
import { wordsOf } from '../i18n/language-of';
import { PublicBrand } from './public-brand';
import { Env } from '../config/env';
import { BundlesService } from '../bundles/bundles.service';
import { BundleZip } from './bundle-zip';
import { renderBundlePage } from './pages/bundle-page';
import { oembedHref } from './pages/open-graph';

/** Text pages a client may have rendered in a language of its choice a minute (not kept ones). */
const HIGHLIGHTS_PER_MINUTE = 30;
const READ_ONCE_RAW =
  'This text can be read once: open its page and reveal it, or POST to this address to read ' +
  'and delete it';
import { lockedPageHeaders, RAW_TEXT_HEADERS, sharePageHeaders } from './security-headers';
import { visitSourceOf } from './visit-source';

type ContentVisit = Extract<Visit, { type: 'content' }>;

export interface RespondOptions {
  raw?: boolean;
  lang?: string;
  /** The reader pressed "Reveal": a one-time text is shown and used up. */
  reveal?: boolean;
  /** `/<slug>/zip`: a bundle's files as one zip. */
  zip?: boolean;
}

/** Turns what a visit got (VisitsService) into the HTTP answer for each kind of share. */
@Injectable()
export class ShareResponder {
  constructor(
    private readonly texts: TextReadsService,
    private readonly textPages: TextPageCache,
    private readonly budget: ClientBudget,
    private readonly files: FilesService,
    private readonly fileServer: FileServer,
    private readonly bio: BioService,
    private readonly domains: DomainsService,
    private readonly visits: VisitsService,
    private readonly sessions: WebSessionsService,
    private readonly brand: PublicBrand,
    private readonly env: Env,
    private readonly bundles: BundlesService,
    private readonly zip: BundleZip,
  ) {}

  /** A share's oEmbed address, for its page's discovery link. */
  private oembedOf(shortUrl: string): string {
    return oembedHref(this.env.PUBLIC_URL, shortUrl);
  }

  async respond(req: Request, res: Response, visit: Visit, opts: RespondOptions): Promise<void> {
    switch (visit.type) {
      case 'redirect':
        return sendRedirect(res, visit.status, visit.location, visit.vary);
      case 'locked':
        res.status(401).set(lockedPageHeaders());
        res
          .type('html')
          .send(
            renderPasswordPage(
              visit.link.slug,
              visit.link.kind,
              visit.wrongPassword,
              wordsOf(req),
              this.brand.shownTo(req),
            ),
          );
        return;
      case 'unlocked':
        // 303: the browser follows with a GET, which now carries the cookie.
        res.setHeader('Set-Cookie', visit.cookie);
        return sendRedirect(res, 303, `/${visit.link.slug}`);
      case 'content':
        if (visit.link.kind === 'file') return this.sendFile(req, res, visit, opts.raw);
        if (visit.link.kind === 'text') return this.sendText(req, res, visit, opts);
        if (visit.link.kind === 'bio') return this.sendBio(req, res, visit);
        if (visit.link.kind === 'bundle') return this.sendBundle(req, res, visit, opts.zip);
        throw notFound('Link');
    }
  }

  /** Counted once the content is known to be shown: a private file's 404 is not a visit. */
  private count(req: Request, visit: ContentVisit): void {
    if (visit.countable) this.visits.record(visit.link, visitSourceOf(req));
  }

  private async sendText(req: Request, res: Response, visit: ContentVisit, opts: RespondOptions) {
    const w = wordsOf(req);
    // A one-time text is never kept whole, so a kept page needs no reading at all.
    const kept =
      opts.raw || opts.reveal ? undefined : this.textPages.get(visit.link, opts.lang, w.lang);
    if (kept) {
      this.count(req, visit);
      return this.sendTextPage(res, kept);
    }
    // Another language than the one kept is highlighted on the event loop: counted per client.
    if (opts.lang && !opts.raw) {
      const refusal = 'Too many texts highlighted in another language';
      await this.budget.spend('text-highlight', req.ip ?? '', HIGHLIGHTS_PER_MINUTE, refusal);
    }
    let read = await this.texts.read(
      visit.link,
      opts.reveal ? 'reveal' : 'look',
      opts.lang,
      opts.raw,
    );
    // Only a one-time text asks who is reading: its owner's own session sees it, using nothing up.
    if (read.type === 'reveal' && (await this.ownsIt(req, visit.link))) {
      read = await this.texts.read(visit.link, 'owner', opts.lang, opts.raw);
    }
    if (read.type === 'reveal') {
      if (opts.raw) throw new DomainError(409, 'conflict', READ_ONCE_RAW);
      // Nothing shown yet, so no visit: the reveal is the visit.
      res.status(200).set(lockedPageHeaders()).type('html');
      res.send(renderRevealPage(visit.link.slug, read.shortUrl, w, this.brand.shownTo(req)));
      return;
    }
    if (read.type === 'raw') {
      this.count(req, visit);
      res.status(200).set(RAW_TEXT_HEADERS).type('text/plain; charset=utf-8');
      if (opts.reveal) res.set('Cache-Control', 'no-store');
      res.send(read.content);
      return;
    }
    if (!read.view.ownerPreview) this.count(req, visit);
    // The brand goes with the link's domain, so the kept page (per link) stays right.
    const html = renderTextPage(
      read.view,
      w,
      this.brand.shownTo(req),
      this.oembedOf(read.view.shortUrl),
    );
    this.sendTextPage(res, this.textPages.keep(visit.link, opts.lang, w.lang, read.view, html));
  }

  private sendTextPage(res: Response, page: CachedPage): void {
    res.status(200).set(sharePageHeaders(COPY_SCRIPT_SOURCE)).type('html');
    // A page of a one-time text (read, or its owner's preview) is never kept, nor revalidated.
    if (page.etag) res.set('ETag', page.etag);
    else res.set('Cache-Control', 'no-store');
    res.send(page.html);
  }

  /** Whether the request comes from the link owner's own browser session (on this host). */
  private async ownsIt(req: Request, link: Link): Promise<boolean> {
    const secret = sessionSecretOf(req);
    if (!secret) return false;
    const session = await this.sessions.resolve(secret).catch(() => null);
    return session?.account.id === link.accountId;
  }

  private async sendBio(req: Request, res: Response, visit: ContentVisit): Promise<void> {
    const link = visit.link;
    const { page, links } = await this.bio.contentFor(link);
    this.count(req, visit);
    res.status(200).set(sharePageHeaders()).type('html');
    res.send(
      renderBioPage(
        {
          title: link.title ?? '',
          description: page.description,
          links,
          mastodonUrl: page.mastodonUrl,
          rssUrl: page.rssUrl,
          shortUrl: this.domains.shortUrl(link.domainId, link.slug),
          preview: link.unfurl && !link.passwordHash,
          oembed: this.oembedOf(this.domains.shortUrl(link.domainId, link.slug)),
        },
        wordsOf(req),
        this.brand.shownTo(req),
      ),
    );
  }

  private async sendBundle(req: Request, res: Response, visit: ContentVisit, zip = false) {
    const link = visit.link;
    const { isPrivate, files } = await this.bundles.contentFor(link);
    if (isPrivate) throw notFound('Bundle');
    this.count(req, visit);
    if (zip) return this.zip.send(res, link.title || link.slug, files);
    const shortUrl = this.domains.shortUrl(link.domainId, link.slug);
    res.status(200).set(sharePageHeaders()).type('html');
    res.send(
      renderBundlePage(
        {
          title: link.title,
          slug: link.slug,
          shortUrl,
          files: files.map((f) => {
            const thumb = f.isPrivate ? '' : this.files.thumbUrlOf(f, undefined, 320);
            return {
              filename: f.filename,
              size: f.size,
              page: f.link ? this.files.pageUrlOf(f.link) : '',
              thumb: thumb || null,
            };
          }),
          preview: link.unfurl && !link.passwordHash,
          oembed: this.oembedOf(shortUrl),
        },
        wordsOf(req),
        this.brand.shownTo(req),
      ),
    );
  }

  private async sendFile(req: Request, res: Response, visit: ContentVisit, raw = false) {
    const link = visit.link;
    const file = await this.files.getByLink(link);
    // Private bytes leave every public address: the page shows them, so it goes too.
    if (file.isPrivate) throw notFound('File');
    this.count(req, visit);
    if (raw) return this.fileServer.send(req, res, file);
    const kind = previewKindOf(file.mime);
    const text =
      kind === 'text'
        ? renderTextPreview(
            file.filename,
            await this.fileServer.head(file, TEXT_PREVIEW_BYTES),
            file.size,
          )
        : null;
    // A protected share's bytes are shown through its page's own address, the thumbnail not.
    const thumbUrl =
      (kind === 'image' || kind === 'video') && !link.passwordHash
        ? this.files.thumbUrlOf(file)
        : '';
    res
      .status(200)
      .set(sharePageHeaders(undefined, kind === 'pdf'))
      .type('html');
    res.send(
      renderFilePage(
        {
          filename: file.filename,
          mime: file.mime,
          size: file.size,
          width: file.width,
          height: file.height,
          rawUrl: `/${link.slug}/raw`,
          downloadUrl: link.passwordHash ? `/${link.slug}/raw` : this.files.urlOf(file),
          shortUrl: this.files.pageUrlOf(link),
          preview: link.unfurl && !link.passwordHash,
          oembed: this.oembedOf(this.files.pageUrlOf(link)),
          thumbUrl: thumbUrl || null,
          // The page's own picture from the host it is on (the preview tags need the full URL).
          thumbSrc: thumbUrl && !this.env.FILES_PUBLIC_URL ? new URL(thumbUrl).pathname : thumbUrl,
          text,
        },
        wordsOf(req),
        this.brand.shownTo(req),
      ),
    );
  }
}
