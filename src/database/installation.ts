import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { Repository } from 'typeorm';
import { isUniqueViolation } from '../common/errors/unique-violation';
import { Setting } from './setting.entity';

const ID = 'installation_id';

/**
 * A random id made once per database: instances sharing a database share it, and nothing else
 * does (another installation on the same Redis, a database dropped and made again under the
 * same name). It names what the installation keeps in Redis.
 */
@Injectable()
export class Installation {
  private id?: Promise<string>;

  constructor(@InjectRepository(Setting) private readonly settings: Repository<Setting>) {}

  idOf(): Promise<string> {
    this.id ??= this.load().catch((e: unknown) => {
      this.id = undefined;
      throw e;
    });
    return this.id;
  }

  private async load(): Promise<string> {
    const found = await this.settings.findOneBy({ name: ID });
    if (found) return found.value;
    try {
      await this.settings.insert({ name: ID, value: randomBytes(12).toString('hex') });
    } catch (e) {
      // Another instance made it first: theirs is the one.
      if (!isUniqueViolation(e)) throw e;
    }
    return (await this.settings.findOneByOrFail({ name: ID })).value;
  }
}
