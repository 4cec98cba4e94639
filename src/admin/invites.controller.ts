import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../auth/authenticated-account';
import { CurrentAccount } from '../auth/current-account.decorator';
import { InvitesService } from '../auth/invites/invites.service';
import { ApiAuth } from '../auth/scopes/api-auth.decorator';
import { DomainError } from '../common/errors/domain-error';
import { ApiData, ApiErrors } from '../common/openapi-responses';
import { IdPipe } from '../common/pipes/id.pipe';
import { DeletedDto } from '../common/dto/results.dto';
import { CreatedInviteDto, CreateInviteDto, InviteDto } from './dto/invite.dto';

const assertAdmin = (a: AuthenticatedAccount) => {
  if (!a.isAdmin) throw new DomainError(403, 'forbidden', 'Only admins may manage invitations');
};

/** Invitations to sign up (AUTH_SIGNUP=invite), for admins. */
@ApiTags('admin')
@ApiAuth('admin')
@Controller('api/v1/admin/invites')
export class InvitesController {
  constructor(private readonly invites: InvitesService) {}

  @Post()
  @ApiData(CreatedInviteDto, { status: 201 })
  @ApiErrors({ 400: ['validation_failed'], 403: ['forbidden'] })
  @ApiOperation({
    summary: 'Make an invitation: its address signs up `uses` accounts until it expires',
  })
  create(@CurrentAccount() account: AuthenticatedAccount, @Body() dto: CreateInviteDto) {
    assertAdmin(account);
    return this.invites.create(account.id, {
      uses: dto.uses,
      expiresInDays: dto.expires_in_days,
      plan: dto.plan,
    });
  }

  @Get()
  @ApiData([InviteDto])
  @ApiErrors({ 403: ['forbidden'] })
  @ApiOperation({ summary: 'The invitations not revoked (their addresses are not shown again)' })
  list(@CurrentAccount() account: AuthenticatedAccount) {
    assertAdmin(account);
    return this.invites.list();
  }

  @Delete(':id')
  @ApiData(DeletedDto)
  @ApiErrors({ 403: ['forbidden'], 404: ['not_found'] })
  @ApiOperation({ summary: 'Revoke an invitation: its address signs nobody up any more' })
  async revoke(@CurrentAccount() account: AuthenticatedAccount, @Param('id', IdPipe) id: number) {
    assertAdmin(account);
    await this.invites.revoke(id);
    return { id, deleted: true };
  }
}
