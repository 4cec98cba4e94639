import type { LoggerService } from '@nestjs/common';

/**
 * Nest's logger until pino takes over (configureApp). It only ever prints when the service fails
 * to start, and then main.ts says why in one line: errors (Nest's own report of the failure, the
 * database driver's retries, each with a stack) and progress lines are left out, warnings printed
 * one line each.
 */
export class BootLogger implements LoggerService {
  log(): void {
    // Nest's progress lines say nothing once the start failed.
  }

  warn(message: unknown, context?: unknown): void {
    this.line('warn', message, context);
  }

  error(): void {
    // Reported by main.ts in words.
  }

  private line(level: string, message: unknown, context: unknown): void {
    const text = message instanceof Error ? message.message : String(message);
    const from = typeof context === 'string' ? `[${context}] ` : '';
    process.stderr.write(`${level}: ${from}${text.split('\n')[0]}\n`);
  }
}
