import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { AuthenticatedAccount } from '../../auth/authenticated-account';
import { CurrentAccount } from '../../auth/current-account.decorator';
import { ApiAuth } from '../../auth/scopes/api-auth.decorator';
import { ApiData, ApiErrors } from '../../common/openapi-responses';
import { PageQuery } from '../../common/pagination';
import { IdPipe } from '../../common/pipes/id.pipe';
import { DeletedDto } from '../../common/dto/results.dto';
import { DeliveryDto } from './dto/delivery.dto';
import {
  CreatedWebhookDto,
  CreateWebhookDto,
  UpdateWebhookDto,
  WebhookDto,
} from './dto/webhook.dto';
import { WebhooksService } from './webhooks.service';

@ApiTags('webhooks')
@ApiAuth('webhooks')
@Controller('api/v1/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @ApiData(CreatedWebhookDto, { status: 201 })
  @ApiErrors({ 400: ['validation_failed', 'url_not_allowed', 'plan_limit'] })
  @ApiOperation({
    summary: 'Add a webhook endpoint (20 at most); its signing secret is in the answer only once',
    description:
      'Deliveries are signed as Standard Webhooks has it (`webhook-id`, `webhook-timestamp`, ' +
      '`webhook-signature: v1,<base64 HMAC-SHA256>`), retried for three days.',
  })
  create(@CurrentAccount() a: AuthenticatedAccount, @Body() dto: CreateWebhookDto) {
    return this.webhooks.create(a.id, dto);
  }

  @Get()
  @ApiData([WebhookDto])
  @ApiOperation({ summary: "The account's webhook endpoints" })
  list(@CurrentAccount() a: AuthenticatedAccount) {
    return this.webhooks.list(a.id);
  }

  @Get(':id')
  @ApiData(WebhookDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'One webhook endpoint' })
  get(@CurrentAccount() a: AuthenticatedAccount, @Param('id', IdPipe) id: number) {
    return this.webhooks.get(a.id, id);
  }

  @Patch(':id')
  @ApiData(WebhookDto)
  @ApiErrors({ 400: ['validation_failed', 'url_not_allowed'], 404: ['not_found'] })
  @ApiOperation({ summary: 'Change an endpoint; `enabled: true` switches it back on' })
  update(
    @CurrentAccount() a: AuthenticatedAccount,
    @Param('id', IdPipe) id: number,
    @Body() dto: UpdateWebhookDto,
  ) {
    return this.webhooks.update(a.id, id, dto);
  }

  @Delete(':id')
  @ApiData(DeletedDto)
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Remove an endpoint and its delivery log' })
  delete(@CurrentAccount() a: AuthenticatedAccount, @Param('id', IdPipe) id: number) {
    return this.webhooks.delete(a.id, id);
  }

  @Post(':id/test')
  @ApiData(DeliveryDto, { status: 201 })
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: 'Send a `webhook.test` event to this endpoint' })
  test(@CurrentAccount() a: AuthenticatedAccount, @Param('id', IdPipe) id: number) {
    return this.webhooks.sendTest(a.id, id);
  }

  @Get(':id/deliveries')
  @ApiData([DeliveryDto])
  @ApiErrors({ 404: ['not_found'] })
  @ApiOperation({ summary: "The endpoint's deliveries, newest first" })
  deliveries(
    @CurrentAccount() a: AuthenticatedAccount,
    @Param('id', IdPipe) id: number,
    @Query() q: PageQuery,
  ) {
    return this.webhooks.deliveriesOf(a.id, id, q.page, q.per_page);
  }

  @Post(':id/deliveries/:delivery_id/retry')
  @ApiData(DeliveryDto, { status: 201 })
  @ApiErrors({ 404: ['not_found'], 409: ['conflict'] })
  @ApiOperation({ summary: 'Send a delivery again now' })
  retry(
    @CurrentAccount() a: AuthenticatedAccount,
    @Param('id', IdPipe) id: number,
    @Param('delivery_id', IdPipe) deliveryId: number,
  ) {
    return this.webhooks.retry(a.id, id, deliveryId);
  }
}
