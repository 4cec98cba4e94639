import { Global, Module, OnModuleInit } from '@nestjs/common';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Env } from '../config/env';
import { buildDataSourceOptions } from './database-options';
import { dropTimedOutConnections } from './drop-timed-out-connections';
import { Installation } from './installation';
import { openMigrated } from './migrate-under-lock';
import { Setting } from './setting.entity';
import { SettingsRepository } from './settings.repository';
import { awaitSqliteWriteLock } from './sqlite/sqlite-write-lock';
import { UnitOfWork } from './unit-of-work';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [Env],
      useFactory: (env: Env) => ({
        ...buildDataSourceOptions(env),
        autoLoadEntities: true,
        retryAttempts: 2,
      }),
      dataSourceFactory: (options) => openMigrated(options!),
    }),
    TypeOrmModule.forFeature([Setting]),
  ],
  providers: [UnitOfWork, Installation, SettingsRepository],
  exports: [UnitOfWork, Installation, SettingsRepository],
})
export class DatabaseModule implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly uow: UnitOfWork,
    private readonly env: Env,
  ) {}

  onModuleInit(): void {
    dropTimedOutConnections(this.db);
    const waitMs = this.env.DB_QUERY_TIMEOUT_SECONDS * 1000;
    awaitSqliteWriteLock(this.db, (write) => this.uow.alone(write), waitMs);
  }
}
