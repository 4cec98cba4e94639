import { LinkInput, LinkUpdate } from '../links.service';
import { CreateLinkDto } from './create-link.dto';
import { ShortenQueryDto } from './shorten-query.dto';
import { UpdateLinkDto } from './update-link.dto';

/** API field names (snake_case, as the spec has them) to the service's input. */
export const createInput = (d: CreateLinkDto | ShortenQueryDto): LinkInput => ({
  kind: 'redirect',
  targetUrl: 'url' in d ? d.url : d.target_url,
  domain: d.domain,
  customSlug: d.custom_slug,
  title: d.title,
  tagIds: d.tag_ids,
  password: d.password,
  expireAt: d.expire_at,
  expirationRedirectUrl: d.expiration_redirect_url,
  redirectCode: d.redirect_code,
});

export const updateInput = (d: UpdateLinkDto): LinkUpdate => ({
  targetUrl: d.target_url,
  title: d.title,
  tagIds: d.tag_ids,
  password: d.password,
  expireAt: d.expire_at,
  expirationRedirectUrl: d.expiration_redirect_url,
  redirectCode: d.redirect_code,
});
