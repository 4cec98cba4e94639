/**
 * S.EE's published response types (sdotee/sdk.ts `src/types.ts`), each with the strict decoder a
 * Go or Rust client amounts to. Typing each decoder as `Decoder<S.EE type>` makes the compiler
 * prove the decoder accepts nothing the SDK type would not.
 */
import {
  array,
  bool,
  Decoder,
  envelope,
  int,
  literal,
  object,
  optional,
  str,
  unknown,
} from './decode';

export interface ApiResponse<T> {
  code: number;
  message: string;
  data: T;
  success?: boolean;
}

export interface ShortUrlData {
  custom_slug?: string;
  short_url: string;
  slug: string;
}
export interface LinkHistoryItem {
  created_at: number;
  domain: string;
  object_type: number;
  short_url: string;
  slug: string;
  target_url: string;
  title: string;
  visit_count: number;
}
export interface TextHistoryItem {
  content_preview: string;
  created_at: number;
  domain: string;
  id: number;
  is_expired: boolean;
  short_url: string;
  slug: string;
  text_type: string;
  title: string;
}
export interface FileInfo {
  created_at?: number;
  delete: string;
  file_id: number;
  filename: string;
  hash: string;
  height?: number;
  mime_type: string;
  page: string;
  path: string;
  size: number;
  storename: string;
  thumb_url?: string;
  upload_status: number;
  url: string;
  width?: number;
}
export interface FileDeleteResponse {
  code: string;
  message: string;
  success: boolean;
}
export interface QrcodeData extends ShortUrlData {
  pdf_url: string;
  png_url: string;
  svg_url: string;
}
export interface QrcodeHistoryItem extends Omit<QrcodeData, 'custom_slug'> {
  created_at: number;
  domain: string;
  scan_count: number;
  title: string;
}
export interface BioCustomLink {
  title: string;
  url: string;
  description?: string;
}
export interface BioPageHistoryItem {
  created_at: number;
  custom_links: BioCustomLink[];
  description: string;
  domain: string;
  id: number;
  link: string;
  mastodon_url: string;
  rss_url: string;
  slug: string;
  title: string;
}
export type UsageData = Record<
  `${'api' | 'link' | 'text' | 'upload' | 'qrcode'}_count_${'day' | 'month'}${'' | '_limit'}`,
  number
> & { file_count: number; storage_usage_mb: string; storage_usage_limit_mb: string };

const shortUrl: Decoder<ShortUrlData> = object({
  custom_slug: optional(str),
  short_url: str,
  slug: str,
});
const fileInfo: Decoder<FileInfo> = object({
  created_at: optional(int),
  delete: str,
  file_id: int,
  filename: str,
  hash: str,
  height: optional(int),
  mime_type: str,
  page: str,
  path: str,
  size: int,
  storename: str,
  thumb_url: optional(str),
  upload_status: int,
  url: str,
  width: optional(int),
});
const qrcode: Decoder<QrcodeData> = object({
  custom_slug: optional(str),
  short_url: str,
  slug: str,
  pdf_url: str,
  png_url: str,
  svg_url: str,
});
const bioLink: Decoder<BioCustomLink> = object({
  title: str,
  url: str,
  description: optional(str),
});
const usageFields = Object.fromEntries(
  ['api', 'link', 'text', 'upload', 'qrcode'].flatMap((m) =>
    ['day', 'month'].flatMap((p) => [
      [`${m}_count_${p}`, int],
      [`${m}_count_${p}_limit`, int],
    ]),
  ),
) as Record<keyof UsageData, Decoder<number>>;

/** One decoder per SDK call's response. */
export const DECODERS = {
  shorten: envelope(shortUrl) satisfies Decoder<ApiResponse<ShortUrlData>>,
  action: envelope(unknown) satisfies Decoder<ApiResponse<unknown>>,
  domains: envelope(object({ domains: array(str) })) satisfies Decoder<
    ApiResponse<{ domains: string[] }>
  >,
  tags: envelope(object({ tags: array(object({ id: int, name: str })) })) satisfies Decoder<
    ApiResponse<{ tags: { id: number; name: string }[] }>
  >,
  linkHistory: envelope(
    array(
      object({
        created_at: int,
        domain: str,
        object_type: int,
        short_url: str,
        slug: str,
        target_url: str,
        title: str,
        visit_count: int,
      }),
    ),
  ) satisfies Decoder<ApiResponse<LinkHistoryItem[]>>,
  visitStat: envelope(object({ visit_count: int })) satisfies Decoder<
    ApiResponse<{ visit_count: number }>
  >,
  textHistory: envelope(
    array(
      object({
        content_preview: str,
        created_at: int,
        domain: str,
        id: int,
        is_expired: bool,
        short_url: str,
        slug: str,
        text_type: literal('plain_text', 'source_code', 'markdown'),
        title: str,
      }),
    ),
  ) satisfies Decoder<ApiResponse<TextHistoryItem[]>>,
  upload: envelope(fileInfo) satisfies Decoder<ApiResponse<FileInfo>>,
  fileHistory: envelope(array(fileInfo)) satisfies Decoder<ApiResponse<FileInfo[]>>,
  fileDelete: object({
    code: literal('200'),
    message: str,
    success: bool,
  }) satisfies Decoder<FileDeleteResponse>,
  privateUrl: envelope(object({ expires_at: int, file_id: int, url: str })) satisfies Decoder<
    ApiResponse<{ expires_at: number; file_id: number; url: string }>
  >,
  qrcode: envelope(qrcode) satisfies Decoder<ApiResponse<QrcodeData>>,
  qrcodes: envelope(
    object({
      qrcodes: array(
        object({
          short_url: str,
          slug: str,
          pdf_url: str,
          png_url: str,
          svg_url: str,
          created_at: int,
          domain: str,
          scan_count: int,
          title: str,
        }),
      ),
      total: int,
    }),
  ) satisfies Decoder<ApiResponse<{ qrcodes: QrcodeHistoryItem[]; total: number }>>,
  bioCreate: envelope(object({ bio_page_id: int, short_url: str })) satisfies Decoder<
    ApiResponse<{ bio_page_id: number; short_url: string }>
  >,
  bios: envelope(
    object({
      bio_pages: array(
        object({
          created_at: int,
          custom_links: array(bioLink),
          description: str,
          domain: str,
          id: int,
          link: str,
          mastodon_url: str,
          rss_url: str,
          slug: str,
          title: str,
        }),
      ),
      total: int,
    }),
  ) satisfies Decoder<ApiResponse<{ bio_pages: BioPageHistoryItem[]; total: number }>>,
  tokenCheck: envelope(object({ expires_at: int, token: str, valid: bool })) satisfies Decoder<
    ApiResponse<{ expires_at: number; token: string; valid: boolean }>
  >,
  usage: envelope(
    object({ ...usageFields, file_count: int, storage_usage_mb: str, storage_usage_limit_mb: str }),
  ) satisfies Decoder<ApiResponse<UsageData>>,
};
