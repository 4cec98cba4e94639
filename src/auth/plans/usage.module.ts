import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsageCounter } from './usage-counter.entity';
import { UsageCountersRepository } from './usage-counters.repository';
import { UsageService } from './usage.service';

/** Day and month counters per account, and the plan limits on them: every feature counts. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([UsageCounter])],
  providers: [UsageCountersRepository, UsageService],
  exports: [UsageService],
})
export class UsageModule {}
