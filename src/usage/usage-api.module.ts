import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { LinksModule } from '../links/links.module';
import { UsageController } from './usage.controller';

/** S.EE's `GET /usage`: the counters and limits of the plan metering in `auth/plans/`. */
@Module({
  imports: [AuthModule, LinksModule],
  controllers: [UsageController],
})
export class UsageApiModule {}
