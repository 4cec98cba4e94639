import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** Debian's chromium (CHROMIUM_PATH to choose another); the browser tests skip without one. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = () => existsSync(CHROMIUM);

/** Headless, with nothing that calls out of this closed network (refused connections, waits). */
export const launchChromium = () =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
