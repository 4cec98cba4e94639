import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { Repository } from 'typeorm';
import { isUniqueViolation } from '../common/errors/unique-violation';
import { Setting } from './setting.entity';

/**
 * Random values made once per database: instances sharing a database share them, and nothing
 * else does (another installation on the same Redis, a database dropped and made again under the
 * same name).
 */
@Injectable()
export class Installation {
  private readonly values = new Map<string, Promise<string>>();

  constructor(@InjectRepository(Setting) private readonly settings: Repository<Setting>) {}

  /** Names what the installation keeps in Redis. */
  idOf(): Promise<string> {
    return this.valueOf('installation_id', 12);
  }

  /** Signs URLs every instance must accept (private files' download URLs). Never shown. */
  signingKey(): Promise<string> {
    return this.valueOf('url_signing_key', 32);
  }

  private valueOf(name: string, bytes: number): Promise<string> {
    let value = this.values.get(name);
    if (!value) {
      value = this.load(name, bytes).catch((e: unknown) => {
        this.values.delete(name);
        throw e;
      });
      this.values.set(name, value);
    }
    return value;
  }

  private async load(name: string, bytes: number): Promise<string> {
    const found = await this.settings.findOneBy({ name });
    if (found) return found.value;
    try {
      await this.settings.insert({ name, value: randomBytes(bytes).toString('hex') });
    } catch (e) {
      // Another instance made it first: theirs is the one.
      if (!isUniqueViolation(e)) throw e;
    }
    return (await this.settings.findOneByOrFail({ name })).value;
  }
}
