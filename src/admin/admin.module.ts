import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module';
import { LinksModule } from '../links/links.module';
import { AbuseReport } from './abuse-report.entity';
import { AbuseReportsRepository } from './abuse-reports.repository';
import { AbuseReportsService } from './abuse-reports.service';
import { ModerationService } from './moderation.service';
import { InvitesController } from './invites.controller';
import { SharePreviews } from './share-preview';
import { TextsModule } from '../texts/texts.module';
import { FilesModule } from '../files/files.module';
import { BioModule } from '../bio/bio.module';
import { BundlesModule } from '../bundles/bundles.module';

/** Moderation: disabled accounts, taken-down shares, reports of abuse. */
@Module({
  imports: [
    TypeOrmModule.forFeature([AbuseReport]),
    AuthModule,
    LinksModule,
    TextsModule,
    FilesModule,
    BioModule,
    BundlesModule,
  ],
  controllers: [InvitesController],
  providers: [AbuseReportsRepository, AbuseReportsService, ModerationService, SharePreviews],
  exports: [AbuseReportsService, ModerationService, SharePreviews],
})
export class AdminModule {}
