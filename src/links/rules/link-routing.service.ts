import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { VisitReads } from '../../analytics/visit-reads';
import { invalid } from '../../common/errors/domain-error';
import { Scheduler } from '../../common/scheduler';
import { toUnix } from '../../common/time';
import { LinkHealthRepository } from '../health/link-health.repository';
import { UnitOfWork } from '../../database/unit-of-work';
import { Link } from '../link.entity';
import { LinksRepository, LinkChanges } from '../links.repository';
import { LinksService } from '../links.service';
import { LinkRule, LinkVariant } from './rule-types';
import { checkRules, checkVariants } from './rules-input';

/** A split, and when it picks its winner by itself. */
export interface SplitSettings {
  variants: LinkVariant[];
  winner: { after_visits: number; goal_link_id: number } | null;
}

const PICK_EVERY_MS = 60_000;

/**
 * A redirect's rules and A/B split: read, replaced whole (each change a `link.updated` event, the
 * cached redirect dropped), and a split's winner made the link's target, by its owner or, when
 * asked, after N visits by the variant whose visitors went on to a goal link most often.
 */
@Injectable()
export class LinkRoutingService implements OnModuleInit {
  private readonly logger = new Logger(LinkRoutingService.name);

  constructor(
    private readonly links: LinksService,
    private readonly rows: LinksRepository,
    private readonly uow: UnitOfWork,
    private readonly visits: VisitReads,
    private readonly scheduler: Scheduler,
    private readonly health: LinkHealthRepository,
  ) {}

  onModuleInit(): void {
    this.scheduler.every('links: pick A/B winners', PICK_EVERY_MS, () => this.pickDueWinners());
  }

  async rules(accountId: number, id: number): Promise<{ rules: LinkRule[] }> {
    return { rules: (await this.redirect(accountId, id)).rules ?? [] };
  }

  async setRules(accountId: number, id: number, rules: unknown): Promise<{ rules: LinkRule[] }> {
    const link = await this.redirect(accountId, id);
    const checked = checkRules(rules);
    await this.change(link, { rules: checked.length ? checked : null });
    return { rules: checked };
  }

  async split(accountId: number, id: number): Promise<SplitSettings> {
    return splitOf(await this.redirect(accountId, id));
  }

  async setSplit(
    accountId: number,
    id: number,
    variants: unknown,
    winner: SplitSettings['winner'] | undefined,
  ): Promise<SplitSettings> {
    const link = await this.redirect(accountId, id);
    const checked = checkVariants(variants);
    const changes: LinkChanges = { variants: checked.length ? checked : null };
    if (winner !== undefined || checked.length === 0) {
      const picks = checked.length > 0 && winner ? winner : null;
      if (picks) await this.checkGoal(accountId, link, picks.goal_link_id);
      changes.winnerAfter = picks?.after_visits ?? null;
      changes.winnerGoalId = picks?.goal_link_id ?? null;
    }
    await this.change(link, changes);
    return splitOf({ ...link, ...changes });
  }

  /** The target's state and its last checks, newest first. */
  async healthOf(accountId: number, id: number) {
    const link = await this.redirect(accountId, id);
    const [dto] = await this.links.toDtos([link]);
    const checks = await this.health.history(link.id);
    return {
      watched: link.healthNextAt !== null,
      target_health: dto.target_health,
      checks: checks.map((c) => ({
        at: toUnix(c.checkedAt),
        outcome: c.outcome,
        http_status: c.httpStatus,
        error: c.error,
      })),
    };
  }

  /** One more variant; a link without a split starts one from its own target (weight 1). */
  async addVariant(accountId: number, id: number, targetUrl: unknown, weight: unknown) {
    const link = await this.redirect(accountId, id);
    const start = link.variants ?? [{ target_url: link.targetUrl!, weight: 1 }];
    return this.setSplit(accountId, id, [...start, { target_url: targetUrl, weight }], undefined);
  }

  /** Variant `n` (1-based) goes; one variant left is no split. */
  async removeVariant(accountId: number, id: number, n: number) {
    const left = (await this.redirect(accountId, id)).variants?.filter((_, i) => i !== n - 1);
    return this.setSplit(accountId, id, left && left.length > 1 ? left : [], undefined);
  }

  /**
   * The split picks its winner after `after` visits by visits to `goal` (a short URL or a slug
   * of the default domain), as the edit page asks; no `after`: only the owner picks.
   */
  async setWinnerRule(accountId: number, id: number, after?: string, goal?: string) {
    const { variants } = splitOf(await this.redirect(accountId, id));
    if (!after) return this.setSplit(accountId, id, variants, null);
    const visits = Number(after);
    if (!Number.isInteger(visits) || visits < 1) {
      throw invalid('winner.after_visits', 'after_visits must be a positive integer');
    }
    const address = goalAddress(goal ?? '');
    if (!address) throw invalid('winner.goal_link_id', 'Name the goal by its short link');
    let goalId: number;
    try {
      goalId = (await this.links.findOwned(accountId, address)).id;
    } catch {
      throw invalid('winner.goal_link_id', 'The goal must be one of your links');
    }
    const winner = { after_visits: visits, goal_link_id: goalId };
    return this.setSplit(accountId, id, variants, winner);
  }

  /** The owner's one click: variant `n` (1-based) becomes the link's target; the split ends. */
  async pickWinner(accountId: number, id: number, n: number) {
    const link = await this.redirect(accountId, id);
    const variant = link.variants?.[n - 1];
    if (!variant)
      throw invalid('variant', `variant must be one of 1 to ${link.variants?.length ?? 0}`);
    await this.crown(link, variant);
    return this.links.get(accountId, { id });
  }

  /** Splits waiting for a winner that have their visits: the best conversion rate wins. */
  async pickDueWinners(): Promise<number> {
    let picked = 0;
    for (const link of await this.rows.awaitingWinner(100)) {
      try {
        const variant = await this.winnerOf(link);
        if (variant) {
          await this.crown(link, variant);
          picked++;
        }
      } catch (e) {
        this.logger.warn(`link ${link.id}: no winner picked (${String(e)})`);
      }
    }
    return picked;
  }

  private async winnerOf(link: Link): Promise<LinkVariant | null> {
    const variants = link.variants ?? [];
    const counts = await this.visits.variantConversions(link.id, link.winnerGoalId!);
    const visits = counts.reduce((n, c) => n + c.visits, 0);
    if (variants.length < 2 || visits < link.winnerAfter!) return null;
    let best: { rate: number; n: number } | null = null;
    for (const c of counts) {
      const n = Number(c.variant);
      if (!Number.isInteger(n) || !variants[n - 1] || c.visitors === 0) continue;
      const rate = c.converted / c.visitors;
      if (!best || rate > best.rate) best = { rate, n };
    }
    return best ? variants[best.n - 1] : null;
  }

  private async crown(link: Link, variant: LinkVariant): Promise<void> {
    await this.change(link, {
      targetUrl: variant.target_url,
      variants: null,
      winnerAfter: null,
      winnerGoalId: null,
    });
  }

  private async checkGoal(accountId: number, link: Link, goalId: number): Promise<void> {
    if (goalId === link.id) throw invalid('winner.goal_link_id', 'the goal must be another link');
    try {
      await this.links.findOwned(accountId, { id: goalId });
    } catch {
      throw invalid('winner.goal_link_id', 'goal_link_id must be one of your links');
    }
  }

  private change(link: Link, changes: LinkChanges): Promise<void> {
    return this.uow.run((tx) => this.links.applyUpdate({ link, changes }, tx));
  }

  private async redirect(accountId: number, id: number): Promise<Link> {
    const link = await this.links.findOwned(accountId, { id });
    if (link.kind !== 'redirect')
      throw invalid('id', 'Only redirect links have rules and variants');
    return link;
  }
}

const splitOf = (link: Link): SplitSettings => ({
  variants: link.variants ?? [],
  winner:
    link.winnerAfter !== null && link.winnerGoalId !== null
      ? { after_visits: link.winnerAfter, goal_link_id: link.winnerGoalId }
      : null,
});

/** `https://s.example/abc` or `abc` as a link's address. */
function goalAddress(text: string): { domain?: string; slug: string } | null {
  const t = text.trim();
  if (/^[A-Za-z0-9_-]{1,64}$/.test(t)) return { slug: t };
  try {
    const url = new URL(t);
    const slug = url.pathname.slice(1);
    return /^[A-Za-z0-9_-]{1,64}$/.test(slug) ? { domain: url.host, slug } : null;
  } catch {
    return null;
  }
}
