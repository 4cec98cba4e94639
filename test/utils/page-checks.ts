import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';

/** Where the browser tests leave their screenshots (git-ignored; CI keeps them). */
export const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts');
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The widths every page is looked at: small and common phones, a tablet, a laptop. */
export const WIDTHS = [320, 375, 768, 1280] as const;
export const SCHEMES = ['light', 'dark'] as const;

/** axe's serious and critical findings on the page (it injects axe first). */
export async function seriousFindings(p: Page): Promise<string[]> {
  await p.addScriptTag({ content: AXE });
  return p.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> };
    };
    const result = await axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.nodes.length})`);
  });
}

/** How many pixels the page is wider than the screen (0 when it fits). */
export const overflowOf = (p: Page) =>
  p.evaluate(() => Math.max(0, document.documentElement.scrollWidth - innerWidth));

/** A context at one width and scheme; axe is injected, so it may pass the pages' script policy. */
export const contextAt = (browser: Browser, width: number, scheme: 'light' | 'dark') =>
  browser.newContext({ colorScheme: scheme, viewport: { width, height: 900 }, bypassCSP: true });

/**
 * Opens `url` and checks it as a person on that screen would meet it: nothing wider than the
 * screen, no serious axe finding; leaves a full-page screenshot named `name-scheme-width.png`.
 * Returns the problems found, each naming the page.
 */
export async function checkPage(
  p: Page,
  url: string,
  name: string,
  width: number,
  scheme: string,
): Promise<string[]> {
  await p.goto(url);
  const problems = (await seriousFindings(p)).map((f) => `${name} ${scheme} ${width}: ${f}`);
  const overflow = await overflowOf(p);
  if (overflow > 0)
    problems.push(`${name} ${scheme} ${width}: ${overflow} px wider than the screen`);
  mkdirSync(ARTIFACTS, { recursive: true });
  await p.screenshot({ path: join(ARTIFACTS, `${name}-${scheme}-${width}.png`), fullPage: true });
  return problems;
}
