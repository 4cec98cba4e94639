import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Setting } from './setting.entity';

/** Settings an admin changes at run time, kept in the database so every instance sees them. */
@Injectable()
export class SettingsRepository {
  constructor(@InjectRepository(Setting) private readonly settings: Repository<Setting>) {}

  async get(name: string): Promise<string | null> {
    return (await this.settings.findOneBy({ name }))?.value ?? null;
  }

  async set(name: string, value: string): Promise<void> {
    await this.settings.upsert({ name, value }, ['name']);
  }
}
