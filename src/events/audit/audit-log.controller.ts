import { Controller, Get, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../../auth/authenticated-account';
import { CurrentAccount } from '../../auth/current-account.decorator';
import { ApiAuth } from '../../auth/scopes/api-auth.decorator';
import { csvDownload } from '../../common/csv-download';
import { DomainError } from '../../common/errors/domain-error';
import { ApiData, ApiErrors } from '../../common/openapi-responses';
import { AuditLogService } from './audit-log.service';
import { AuditEntryDto } from './dto/audit-entry.dto';
import { AdminAuditLogQuery, AuditLogQuery } from './dto/audit-log.query';

@ApiTags('audit log')
@Controller('api/v1')
export class AuditLogController {
  constructor(private readonly audit: AuditLogService) {}

  @Get('audit-log')
  @ApiAuth('account:read')
  @ApiData([AuditEntryDto])
  @ApiProduces('application/json', 'text/csv')
  @ApiErrors({ 400: ['validation_failed'] })
  @ApiOperation({
    summary: "What was done to the account's shares, keys and settings; newest first",
    description: '`?format=csv` answers every match (up to 100,000) as a CSV download.',
  })
  list(
    @CurrentAccount() a: AuthenticatedAccount,
    @Query() q: AuditLogQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    const filter = { accountId: a.id, action: q.action, from: q.from, to: q.to };
    if (q.format === 'csv') return csvDownload(this.audit.csv(filter), 'audit-log.csv', res);
    return this.audit.list(filter, q.page, q.per_page);
  }

  @Get('admin/audit-log')
  @ApiAuth('admin')
  @ApiData([AuditEntryDto])
  @ApiProduces('application/json', 'text/csv')
  @ApiErrors({ 400: ['validation_failed'], 403: ['forbidden'] })
  @ApiOperation({ summary: "Every account's audit log (admins); `account_id` narrows it" })
  all(
    @CurrentAccount() a: AuthenticatedAccount,
    @Query() q: AdminAuditLogQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    if (!a.isAdmin) throw new DomainError(403, 'forbidden', 'Only admins may read every log');
    const filter = { accountId: q.account_id, action: q.action, from: q.from, to: q.to };
    if (q.format === 'csv') return csvDownload(this.audit.csv(filter), 'audit-log-all.csv', res);
    return this.audit.list(filter, q.page, q.per_page);
  }
}
