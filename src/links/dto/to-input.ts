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
  max_visits?: number | null;
}

/** Fields only redirects have (create and update alike). */
export interface RedirectOnlyDto {
  forward_query?: boolean;
  visitor_query_wins?: boolean;
  utm?: Record<string, unknown> | null;
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
  watch_target?: boolean;
  fallback_url?: string | null;
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
  maxVisits: d.max_visits,
});

const UTM_PARTS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

/**
 * `utm` and the flat `utm_source`... fields as one object (the flat ones win); undefined when
 * neither was given, null when `utm` clears them. Checked by the service (checkUtm).
 */
function utmOf(d: RedirectOnlyDto): LinkUpdate['utm'] {
  const flat = UTM_PARTS.filter((p) => d[`utm_${p}`] !== undefined);
  if (d.utm === undefined && flat.length === 0) return undefined;
  if (d.utm === null && flat.length === 0) return null;
  const utm = { ...(d.utm ?? {}) } as Record<string, unknown>;
  for (const p of flat) utm[p] = d[`utm_${p}`];
  return utm;
}

const redirectFields = (d: RedirectOnlyDto): LinkUpdate => ({
  forwardQuery: d.forward_query,
  visitorQueryWins: d.visitor_query_wins,
  utm: utmOf(d),
  watchTarget: d.watch_target,
  fallbackUrl: d.fallback_url,
});

type RedirectFields = LinkFieldsDto & RedirectOnlyDto & { domain?: string; custom_slug?: string };

export const createInput = (
  d: RedirectFields & ({ url: string } | { target_url: string }),
): LinkInput => ({
  ...linkFields(d),
  ...redirectFields(d),
  kind: 'redirect',
  targetUrl: 'url' in d ? d.url : d.target_url,
  domain: d.domain,
  customSlug: d.custom_slug,
});

export const updateInput = (
  d: LinkFieldsDto & RedirectOnlyDto & { target_url?: string },
): LinkUpdate => ({
  ...linkFields(d),
  ...redirectFields(d),
  targetUrl: d.target_url,
});
