import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { Env } from '../config/env';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Mail to people (password resets, address checks) through the SMTP server of SMTP_URL
 * (`smtp://user:pass@host:587` with STARTTLS, `smtps://…:465`). Without SMTP_URL nothing can be
 * sent, and the pages that would send say so.
 */
@Injectable()
export class Mailer implements OnModuleDestroy {
  private readonly logger = new Logger(Mailer.name);
  private readonly transport: Transporter | null;

  constructor(private readonly env: Env) {
    this.transport = env.SMTP_URL ? createTransport(env.SMTP_URL) : null;
  }

  get enabled(): boolean {
    return this.transport !== null;
  }

  /** From MAIL_FROM, else `Linkdrop <noreply@<host of PUBLIC_URL>>`. */
  get from(): string {
    return this.env.MAIL_FROM ?? `Linkdrop <noreply@${new URL(this.env.PUBLIC_URL).hostname}>`;
  }

  /** Sends a mail; false (logged) when it could not be handed to the SMTP server. */
  async send(mail: Mail): Promise<boolean> {
    if (!this.transport) return false;
    try {
      await this.transport.sendMail({ from: this.from, ...mail });
      return true;
    } catch (e) {
      this.logger.warn(`could not send "${mail.subject}": ${String(e)}`);
      return false;
    }
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
