import { decode, Decoder } from './decode';
import { BioCustomLink, DECODERS } from './see-types';

type Params = Record<string, string | number | boolean | undefined>;

/** What a non-2xx answer decodes to (S.EE's ApiError: its message must be there). */
export class SeeError extends Error {
  constructor(
    readonly status: number,
    readonly code: unknown,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A client written from S.EE's SDK (sdotee/sdk.ts `resources/*.ts`): the same paths, methods,
 * headers (a bare `Authorization: <key>`, JSON on every call) and bodies, decoding every answer
 * strictly. It only speaks HTTP to the base URL it is given.
 */
export class SeeClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string,
  ) {}

  private async call<T>(
    decoder: Decoder<T>,
    method: string,
    path: string,
    opts: { params?: Params; data?: unknown; form?: FormData } = {},
  ): Promise<T> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [k, v] of Object.entries(opts.params ?? {})) {
      if (v !== undefined) url.searchParams.set(k, String(v));
    }
    const headers: Record<string, string> = { Authorization: this.apiKey };
    if (!opts.form) headers['Content-Type'] = 'application/json';
    const body = opts.form ?? (opts.data === undefined ? undefined : JSON.stringify(opts.data));
    const res = await fetch(url, { method, headers, body });
    const text = await res.text();
    const json: unknown =
      text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
    if (!res.ok) {
      const err = json as { code?: unknown; message?: unknown };
      if (typeof err?.message !== 'string')
        throw new Error(`${res.status} without a message: ${text}`);
      throw new SeeError(res.status, err.code, err.message);
    }
    return decode(decoder, json);
  }

  readonly url = {
    create: (r: {
      domain?: string;
      target_url: string;
      custom_slug?: string;
      title?: string;
      tag_ids?: number[];
    }) => this.call(DECODERS.shorten, 'POST', '/shorten', { data: r }),
    createSimple: (r: { url: string; custom_slug?: string; tag_ids?: number[] }) =>
      this.call((v) => v, 'GET', '/shorten', {
        params: { signature: this.apiKey, ...r, tag_ids: r.tag_ids?.join(',') },
      }),
    update: (r: { domain: string; slug: string; target_url: string; title: string }) =>
      this.call(DECODERS.action, 'PUT', '/shorten', { data: r }),
    delete: (r: { domain: string; slug: string }) =>
      this.call(DECODERS.action, 'DELETE', '/shorten', { data: r }),
    listDomains: () => this.call(DECODERS.domains, 'GET', '/domains'),
    listTags: () => this.call(DECODERS.tags, 'GET', '/tags'),
    history: (params: { page?: number } = {}) =>
      this.call(DECODERS.linkHistory, 'GET', '/links', { params }),
    visitStats: (params: {
      domain: string;
      slug: string;
      period?: 'daily' | 'monthly' | 'totally';
    }) => this.call(DECODERS.visitStat, 'GET', '/link/visit-stat', { params }),
  };

  readonly text = {
    create: (r: { content: string; title: string; custom_slug?: string; text_type?: string }) =>
      this.call(DECODERS.shorten, 'POST', '/text', { data: r }),
    update: (r: { content: string; domain: string; slug: string; title: string }) =>
      this.call(DECODERS.action, 'PUT', '/text', { data: r }),
    delete: (r: { domain: string; slug: string }) =>
      this.call(DECODERS.action, 'DELETE', '/text', { data: r }),
    listDomains: () => this.call(DECODERS.domains, 'GET', '/text/domains'),
    history: (params: { page?: number } = {}) =>
      this.call(DECODERS.textHistory, 'GET', '/texts', { params }),
  };

  readonly file = {
    upload: (form: FormData) => this.call(DECODERS.upload, 'POST', '/file/upload', { form }),
    delete: (hash: string) => this.call(DECODERS.fileDelete, 'GET', `/file/delete/${hash}`),
    listDomains: () => this.call(DECODERS.domains, 'GET', '/file/domains'),
    history: (params: { page?: number } = {}) =>
      this.call(DECODERS.fileHistory, 'GET', '/files', { params }),
    getPrivateDownloadUrl: (fileId: number) =>
      this.call(DECODERS.privateUrl, 'GET', '/file/private/download-url', {
        params: { file_id: fileId },
      }),
  };

  readonly qrcode = {
    create: (r: { target_url: string; title: string; custom_slug?: string; domain?: string }) =>
      this.call(DECODERS.qrcode, 'POST', '/qrcode', { data: r }),
    delete: (r: { domain: string; slug: string }) =>
      this.call(DECODERS.action, 'DELETE', '/qrcode', { data: r }),
    history: (params: { page?: number } = {}) =>
      this.call(DECODERS.qrcodes, 'GET', '/qrcodes', { params }),
  };

  readonly bio = {
    create: (r: {
      title: string;
      custom_links?: BioCustomLink[];
      custom_slug?: string;
      description?: string;
    }) => this.call(DECODERS.bioCreate, 'POST', '/bio', { data: r }),
    update: (r: {
      id: number;
      title: string;
      custom_links?: BioCustomLink[];
      description?: string;
    }) => this.call(DECODERS.action, 'PUT', '/bio', { data: r }),
    delete: (id: number) => this.call(DECODERS.action, 'DELETE', '/bio', { data: { id } }),
    history: (params: { page?: number } = {}) =>
      this.call(DECODERS.bios, 'GET', '/bios', { params }),
  };

  readonly account = {
    checkToken: (token: string) =>
      this.call(DECODERS.tokenCheck, 'POST', '/token/check', { data: { token } }),
    usage: () => this.call(DECODERS.usage, 'GET', '/usage'),
  };
}
