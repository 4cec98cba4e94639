import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { LinksModule } from '../links/links.module';
import { AbuseReport } from './abuse-report.entity';
import { AbuseReportsRepository } from './abuse-reports.repository';
import { AbuseReportsService } from './abuse-reports.service';
import { ModerationService } from './moderation.service';

/** Moderation: disabled accounts, taken-down shares, reports of abuse. */
@Module({
  imports: [TypeOrmModule.forFeature([AbuseReport]), AuthModule, LinksModule],
  providers: [AbuseReportsRepository, AbuseReportsService, ModerationService],
  exports: [AbuseReportsService, ModerationService],
})
export class AdminModule {}
