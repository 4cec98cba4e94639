import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Clock } from '../../common/clock';
import { DomainError, notFound } from '../../common/errors/domain-error';
import { toUnix } from '../../common/time';
import { Env } from '../../config/env';
import { hashToken } from '../token';
import { PlansService } from '../plans/plans.service';
import { Invite } from './invite.entity';
import { InvitesRepository } from './invites.repository';

/** An invitation as its maker sees it once: with its address (the secret is not stored). */
export interface CreatedInvite {
  id: number;
  url: string;
  uses_left: number;
  /** Unix seconds; null: never. */
  expires_at: number | null;
}

/** An invitation in the list: no address, its plan and age. */
export interface InviteView extends Omit<CreatedInvite, 'url'> {
  plan: string | null;
  created_at: number;
}

const view = (i: Invite): InviteView => ({
  id: i.id,
  uses_left: i.usesLeft,
  expires_at: i.expiresAt ? toUnix(i.expiresAt) : null,
  plan: i.planCode,
  created_at: toUnix(i.createdAt),
});

const invalidInvite = () =>
  new DomainError(403, 'signup_closed', 'This invitation is not valid any more: ask for a new one');

/** Invitations to sign up: single-use or N uses, an expiry, a plan to start on. */
@Injectable()
export class InvitesService {
  constructor(
    private readonly invites: InvitesRepository,
    private readonly plans: PlansService,
    private readonly clock: Clock,
    private readonly env: Env,
  ) {}

  async create(
    adminId: number,
    { uses = 1, expiresInDays, plan }: { uses?: number; expiresInDays?: number; plan?: string },
  ): Promise<CreatedInvite> {
    if (plan) await this.plans.getByCode(plan); // 400 for a plan that does not exist
    const secret = randomBytes(18).toString('base64url');
    const now = this.clock.now();
    const invite = await this.invites.insert({
      tokenHash: hashToken(secret),
      usesLeft: uses,
      expiresAt: expiresInDays ? new Date(now + expiresInDays * 86_400_000) : null,
      planCode: plan ?? null,
      createdBy: adminId,
      createdAt: new Date(now),
    });
    const { id, uses_left, expires_at } = view(invite);
    return { id, url: `${this.env.PUBLIC_URL}/signup?invite=${secret}`, uses_left, expires_at };
  }

  async list(): Promise<InviteView[]> {
    return (await this.invites.listActive()).map(view);
  }

  async revoke(id: number): Promise<void> {
    if (!(await this.invites.revoke(id, new Date(this.clock.now())))) throw notFound('Invitation');
  }

  /** Whether an invitation's secret is valid now (the sign-up page shows its form only then). */
  async isValid(secret: string | undefined): Promise<boolean> {
    const i = secret ? await this.invites.getByHash(hashToken(secret)) : null;
    return (
      !!i &&
      !i.revokedAt &&
      i.usesLeft > 0 &&
      (!i.expiresAt || i.expiresAt.getTime() > this.clock.now())
    );
  }

  /**
   * Signs up through an invitation: takes one of its uses, then runs `signUp` with its plan; a
   * sign-up that fails gives the use back. 403 for an invitation not valid.
   */
  async redeem<T>(secret: string | undefined, signUp: (plan: string) => Promise<T>): Promise<T> {
    const invite = secret ? await this.invites.getByHash(hashToken(secret)) : null;
    if (!invite || !(await this.invites.takeUse(invite.id, new Date(this.clock.now())))) {
      throw invalidInvite();
    }
    try {
      return await signUp(invite.planCode ?? this.env.DEFAULT_PLAN);
    } catch (e) {
      await this.invites.giveBack(invite.id);
      throw e;
    }
  }
}
