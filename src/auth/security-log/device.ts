import { UAParser } from 'ua-parser-js';

/** "Firefox · Linux", "curl", "Unknown device": what a person recognises of a user agent. */
export function deviceOf(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown device';
  const ua = new UAParser(userAgent).getResult();
  const browser = ua.browser.name;
  const os = ua.os.name;
  if (browser && os) return `${browser} · ${os}`.slice(0, 100);
  return (browser ?? os ?? userAgent.split(/[\s/]/)[0] ?? 'Unknown device').slice(0, 100);
}
