import { Injectable } from '@nestjs/common';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { Clock } from '../../common/clock';
import { DomainError, notFound } from '../../common/errors/domain-error';
import { Env } from '../../config/env';
import { Installation } from '../../database/installation';
import { seal, unseal } from '../sealed';
import { SecurityLog } from '../security-log/security-log.service';
import { Passkey } from './passkey.entity';
import { PasskeysRepository } from './passkeys.repository';

/** What an options call hands its answer: the challenge, sealed in a cookie for 5 minutes. */
interface Ceremony {
  c: string;
  /** The account adding a passkey, or whose passkey a second step wants; unset: anyone's. */
  a?: number;
  exp: number;
}
export const CEREMONY_COOKIE = 'ld_webauthn';
const CEREMONY_SEAL = 'webauthn';
const CEREMONY_MS = 5 * 60_000;

const refused = () =>
  new DomainError(401, 'invalid_credentials', 'This passkey was not accepted: try again');

/**
 * Passkeys (WebAuthn, with @simplewebauthn/server): added, named and removed by the account;
 * signing in alone (discoverable credentials: the browser offers the passkeys it holds for this
 * site) or as the second step after a password. The relying party is the host of PUBLIC_URL.
 */
@Injectable()
export class Passkeys {
  constructor(
    private readonly keys: PasskeysRepository,
    private readonly installation: Installation,
    private readonly clock: Clock,
    private readonly log: SecurityLog,
    private readonly env: Env,
  ) {}

  private get rp() {
    const url = new URL(this.env.PUBLIC_URL);
    return { id: url.hostname, origin: url.origin };
  }

  list(accountId: number): Promise<Passkey[]> {
    return this.keys.listOf(accountId);
  }

  countsOf(accountIds: number[]): Promise<Map<number, number>> {
    return this.keys.countsOf(accountIds);
  }

  /** Options for the browser to make a passkey for the account, and the sealed ceremony. */
  async registrationOptions(accountId: number, email: string) {
    const existing = await this.keys.listOf(accountId);
    const options: PublicKeyCredentialCreationOptionsJSON = await generateRegistrationOptions({
      rpName: 'Linkdrop',
      rpID: this.rp.id,
      userName: email,
      userID: new TextEncoder().encode(`account-${accountId}`),
      attestationType: 'none',
      excludeCredentials: existing.map((k) => ({
        id: k.credentialId,
        transports: transportsOf(k),
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    return { options, sealed: await this.ceremony(options.challenge, accountId) };
  }

  /** Keeps the passkey the browser made, named `name`. */
  async register(
    accountId: number,
    sealed: string | undefined,
    response: RegistrationResponseJSON,
    name: string,
    userAgent?: string,
  ): Promise<Passkey> {
    const ceremony = await this.open(sealed, accountId);
    const verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: ceremony.c,
      expectedOrigin: this.rp.origin,
      expectedRPID: this.rp.id,
      requireUserVerification: false,
    }).catch(() => null);
    if (!verified?.verified || !verified.registrationInfo) throw refused();
    const { credential } = verified.registrationInfo;
    const key = await this.keys.insert({
      accountId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports?.join(',') ?? null,
      name: name.trim().slice(0, 100) || 'Passkey',
      createdAt: new Date(this.clock.now()),
    });
    await this.log.record(accountId, 'passkey.added', { detail: key.name, userAgent });
    return key;
  }

  /**
   * Options to sign in with a passkey: any the browser holds for this site, or (a second step)
   * only those of `accountId`.
   */
  async authenticationOptions(accountId?: number) {
    const mine = accountId === undefined ? [] : await this.keys.listOf(accountId);
    const options: PublicKeyCredentialRequestOptionsJSON = await generateAuthenticationOptions({
      rpID: this.rp.id,
      userVerification: 'preferred',
      allowCredentials: mine.map((k) => ({ id: k.credentialId, transports: transportsOf(k) })),
    });
    return { options, sealed: await this.ceremony(options.challenge, accountId) };
  }

  /** The account a passkey's signature proves; for a second step, only `accountId`'s passkeys. */
  async authenticate(
    sealed: string | undefined,
    response: AuthenticationResponseJSON,
    accountId?: number,
  ): Promise<number> {
    const ceremony = await this.open(sealed, accountId);
    const key = typeof response?.id === 'string' ? await this.keys.byCredential(response.id) : null;
    if (!key || (accountId !== undefined && key.accountId !== accountId)) throw refused();
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: ceremony.c,
      expectedOrigin: this.rp.origin,
      expectedRPID: this.rp.id,
      credential: {
        id: key.credentialId,
        publicKey: Buffer.from(key.publicKey, 'base64url'),
        counter: key.counter,
        transports: transportsOf(key),
      },
      requireUserVerification: false,
    }).catch(() => null);
    if (!verified?.verified) throw refused();
    await this.keys.used(
      key.id,
      verified.authenticationInfo.newCounter,
      new Date(this.clock.now()),
    );
    return key.accountId;
  }

  async rename(accountId: number, id: number, name: string): Promise<void> {
    const clean = name.trim().slice(0, 100);
    if (!clean) throw new DomainError(400, 'validation_failed', 'Give the passkey a name');
    if (!(await this.keys.rename(accountId, id, clean))) throw notFound('Passkey');
  }

  async remove(accountId: number, id: number, userAgent?: string): Promise<void> {
    const name = await this.keys.remove(accountId, id);
    if (name === null) throw notFound('Passkey');
    await this.log.record(accountId, 'passkey.removed', { detail: name, userAgent });
  }

  private async ceremony(challenge: string, accountId?: number): Promise<string> {
    const value: Ceremony = { c: challenge, a: accountId, exp: this.clock.now() + CEREMONY_MS };
    return seal(value, await this.installation.signingKey(), CEREMONY_SEAL);
  }

  private async open(sealed: string | undefined, accountId?: number): Promise<Ceremony> {
    const c = unseal<Ceremony>(sealed, await this.installation.signingKey(), CEREMONY_SEAL);
    if (!c || c.exp < this.clock.now() || c.a !== accountId) {
      throw new DomainError(401, 'unauthorized', 'This passkey request has expired: try again');
    }
    return c;
  }
}

const transportsOf = (k: Passkey) =>
  k.transports ? (k.transports.split(',') as AuthenticatorTransport[]) : undefined;
