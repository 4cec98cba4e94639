import { IsOptional, IsString } from 'class-validator';
import type { Words } from '../../i18n/i18n';
import { CreateWebhookDto } from '../../events/webhooks/dto/webhook.dto';
import { parseForm } from '../form';
import { Filled } from './filled.decorator';

/** A new webhook endpoint: its URL, the event types (comma or space separated), a description. */
export class WebhookForm {
  @Filled() @IsOptional() @IsString() url?: string;
  @Filled() @IsOptional() @IsString() events?: string;
  @Filled() @IsOptional() @IsString() description?: string;
}

/** The form as the API's create call, by its rules; or the first problem, in words for people. */
export function webhookRequestOf(form: WebhookForm, w: Words) {
  const events = (form.events ?? '*').split(/[\s,]+/).filter(Boolean);
  return parseForm(w, CreateWebhookDto, { ...form, events: events.length ? events : ['*'] });
}
