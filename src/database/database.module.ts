import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Env } from '../config/env';
import { buildDataSourceOptions } from './database-options';

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [Env],
      useFactory: (env: Env) => ({ ...buildDataSourceOptions(env), retryAttempts: 2 }),
    }),
  ],
})
export class DatabaseModule {}
