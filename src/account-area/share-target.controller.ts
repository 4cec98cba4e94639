import { Body, Controller, Post, Res, UploadedFiles } from '@nestjs/common';
import type { Response } from 'express';
import { DomainError } from '../common/errors/domain-error';
import { FilesService } from '../files/files.service';
import { AcceptsUpload } from '../files/upload/accepts-upload.decorator';
import type { UploadedFile } from '../files/upload/streaming-storage-engine';
import { tk } from '../i18n/i18n';
import { wordsOf } from '../i18n/language-of';
import { CreateLinkDto } from '../links/dto/create-link.dto';
import { createInput } from '../links/dto/to-input';
import { LinksService } from '../links/links.service';
import { CreateTextDto } from '../texts/dto/create-text.dto';
import { TextsService } from '../texts/texts.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { parseForm } from './form';
import type { Viewer } from './pages';
import { BrowserPosted } from './session.guard';

const NOTHING = tk('Nothing was shared: send a link, a text or a file');
const field = (body: Record<string, unknown>, name: string) =>
  typeof body[name] === 'string' ? body[name].trim() : '';
/** A shared text that is only an address (apps often send the link as `text`). */
const onlyAddress = (text: string) => (/^https?:\/\/\S+$/.test(text) ? text : '');

/**
 * `POST /account/share`: the installed app's share target (the manifest's `share_target`). A
 * phone's share sheet sends a file (uploaded), a link (shortened) or a text (shared as a text),
 * each then shown on its own page, ready to copy.
 */
@AccountArea()
@Controller('account/share')
export class ShareTargetController {
  constructor(
    private readonly files: FilesService,
    private readonly links: LinksService,
    private readonly texts: TextsService,
  ) {}

  @Post()
  @BrowserPosted()
  @AcceptsUpload()
  async receive(
    @CurrentViewer() viewer: Viewer,
    @UploadedFiles() files: UploadedFile[] | undefined,
    @Body() body: Record<string, unknown>,
    @Res() res: Response,
  ): Promise<void> {
    const account = viewer.account!;
    const w = wordsOf(res.req);
    if (files?.length) {
      const record = await this.files.upload(account, files, {});
      return res.redirect(303, `/account/files/${record.file_id}/edit?shared=1`);
    }
    const text = field(body, 'text');
    const title = field(body, 'title') || undefined;
    const address = field(body, 'url') || onlyAddress(text);
    if (address) {
      const parsed = await parseForm(w, CreateLinkDto, { target_url: address, title });
      if (!parsed.dto) throw new DomainError(400, 'validation_failed', parsed.error);
      const link = await this.links.create(account, createInput(parsed.dto));
      return res.redirect(303, `/account/links?created=${link.id}`);
    }
    if (text) {
      const parsed = await parseForm(w, CreateTextDto, { content: text, title });
      if (!parsed.dto) throw new DomainError(400, 'validation_failed', parsed.error);
      const made = await this.texts.create(account, parsed.dto);
      return res.redirect(303, `/account/texts?created=${made.id}`);
    }
    throw new DomainError(400, 'validation_failed', NOTHING);
  }
}
