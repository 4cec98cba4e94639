import { Injectable } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../common/errors/domain-error';
import { LinkDto } from '../links/dto/link.dto';
import { LinksService } from '../links/links.service';
import { LinkRoutingService } from '../links/rules/link-routing.service';
import { TagsService } from '../tags/tags.service';
import { FORM_CONDITIONS } from './forms/link-routing.forms';
import { formTime } from './format';
import { Pages, Viewer } from './pages';
import { tk, Words } from '../i18n/i18n';
import { wordsOf } from '../i18n/language-of';
import { withUtm } from '../links/rules/compile-routing';
import type { RuleCondition } from '../links/rules/rule-types';

/** What each condition type is called on the page, in the API's order. */
const CONDITIONS = [
  ['device', tk('Device')],
  ['os', tk('Operating system')],
  ['browser', tk('Browser')],
  ['country', tk('Country')],
  ['language', tk('Language')],
  ['query', tk('Query parameter')],
  ['before', tk('Before (UTC)')],
  ['after', tk('After (UTC)')],
  ['ip', tk('IP range')],
] as const;

/**
 * The view model of a link's edit page: its fields as the form shows them, the tags, and where it
 * sends visitors (its rules, its A/B split, its watched target's last checks).
 */
@Injectable()
export class LinkEditView {
  constructor(
    private readonly pages: Pages,
    private readonly tags: TagsService,
    private readonly links: LinksService,
    private readonly routing: LinkRoutingService,
  ) {}

  async render(viewer: Viewer, res: Response, link: LinkDto, data: object, status = 200) {
    const accountId = viewer.account!.id;
    const form = {
      target_url: link.target_url ?? '',
      title: link.title ?? '',
      tags: link.tags.map((t) => t.name).join(', '),
      expire_at: formTime(link.expire_at),
      unfurl: link.unfurl,
      redirect_code: link.redirect_code,
      forward_query: link.forward_query,
      visitor_query_wins: link.visitor_query_wins,
      utm: link.utm ?? {},
      max_visits: link.max_visits ?? '',
      watch_target: link.watch_target,
      fallback_url: link.fallback_url ?? '',
    };
    const [tags, { rules }, split, health] = await Promise.all([
      this.tags.list(accountId),
      this.routing.rules(accountId, link.id),
      this.routing.split(accountId, link.id),
      this.routing.healthOf(accountId, link.id),
    ]);
    const w = wordsOf(res.req);
    const total = split.variants.reduce((n, v) => n + v.weight, 0);
    const goal = split.winner && (await this.goalOf(accountId, split.winner.goal_link_id));
    const routing = {
      conditions: { types: CONDITIONS, slots: [...Array(FORM_CONDITIONS).keys()] },
      ruleRows: rules.map((r) => ({
        conditions: r.conditions.map((c) => describe(c, w)),
        target: r.variants?.length
          ? w.t('a split of {{count}} URLs', { count: r.variants.length })
          : r.target_url,
      })),
      variantRows: split.variants.map((v) => ({
        ...v,
        share: Math.round((v.weight / total) * 100),
      })),
      goalUrl: goal ?? '',
      utmPreview: link.target_url ? withUtm(link.target_url, link.utm) : '',
      healthLine: healthLine(link, w),
    };
    const shown = { section: 'links' as const, link, form, tags, rules, split, health, ...data };
    this.pages.send(res, 'link-edit', tk('Edit link'), viewer, { ...shown, ...routing }, status);
  }

  private async goalOf(accountId: number, id: number): Promise<string | null> {
    try {
      return (await this.links.get(accountId, { id })).short_url;
    } catch {
      return null; // deleted since: the split waits for a new goal
    }
  }

  /**
   * Runs a change made from the edit page: back to the page (at its rules) when it worked, the
   * page again with what was wrong when the service refused it.
   */
  async apply(viewer: Viewer, res: Response, id: number, change: () => Promise<unknown>) {
    const accountId = viewer.account!.id;
    const link = await this.links.get(accountId, { id }, 'redirect');
    try {
      await change();
      res.redirect(303, `/account/links/${id}/edit?saved=1#routing`);
    } catch (e) {
      if (!(e instanceof DomainError) || e.status >= 500) throw e;
      await this.render(viewer, res, link, { error: e.message }, e.status);
    }
  }
}

/** A condition in words: "Device is mobile", "Query parameter ref is present". */
function describe(c: RuleCondition, w: Words): string {
  const what = w.t(CONDITIONS.find(([type]) => type === c.type)?.[1] ?? c.type);
  if (c.type === 'query') {
    const param = c.param ?? '';
    return c.value === undefined
      ? w.t('Query parameter {{param}} is present', { param })
      : w.t('Query parameter {{param}} is {{value}}', { param, value: c.value });
  }
  if (c.type === 'before') return w.t('Before {{time}}', { time: w.time(Number(c.value)) });
  if (c.type === 'after') return w.t('After {{time}}', { time: w.time(Number(c.value)) });
  return w.t('{{what}} is {{value}}', { what, value: c.value ?? '' });
}

/** The watched target's state in one line. */
function healthLine(link: LinkDto, w: Words): string {
  const h = link.target_health;
  const when = w.time(h.checked_at);
  const answer = h.http_status ?? '—';
  if (h.status === 'ok')
    return w.t('Last check {{when}}: it answered ({{answer}}).', { when, answer });
  if (h.status === 'broken') {
    return w.t(
      'Last check {{when}}: broken ({{answer}}). Visitors go to the fallback URL if there is one.',
      { when, answer },
    );
  }
  if (h.status === 'unknown') {
    return w.t('Last check {{when}}: could not tell ({{answer}}); some sites turn robots away.', {
      when,
      answer,
    });
  }
  return w.t('Not checked yet.');
}
