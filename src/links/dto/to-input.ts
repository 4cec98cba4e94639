import type { LinkInput, LinkUpdate } from '../link-input';

/** The link fields every kind of share takes, in the API's names (snake_case, as the spec). */
export interface LinkFieldsDto {
  title?: string | null;
  tag_ids?: number[];
  password?: string | null;
  expire_at?: number | null;
  expiration_redirect_url?: string | null;
  redirect_code?: number;
  unfurl?: boolean;
}

/** The one mapping of the API's link fields to the service's names. */
export const linkFields = (d: LinkFieldsDto): LinkUpdate => ({
  title: d.title,
  tagIds: d.tag_ids,
  password: d.password,
  expireAt: d.expire_at,
  expirationRedirectUrl: d.expiration_redirect_url,
  redirectCode: d.redirect_code,
  unfurl: d.unfurl,
});

type RedirectFields = LinkFieldsDto & { domain?: string; custom_slug?: string };

export const createInput = (
  d: RedirectFields & ({ url: string } | { target_url: string }),
): LinkInput => ({
  ...linkFields(d),
  kind: 'redirect',
  targetUrl: 'url' in d ? d.url : d.target_url,
  domain: d.domain,
  customSlug: d.custom_slug,
});

export const updateInput = (d: LinkFieldsDto & { target_url?: string }): LinkUpdate => ({
  ...linkFields(d),
  targetUrl: d.target_url,
});
