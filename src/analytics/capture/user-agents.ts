import { isbot } from 'isbot';
import { LRUCache } from 'lru-cache';
import { UAParser } from 'ua-parser-js';
import type { Device } from '../store/visit.entity';

/** What a User-Agent string says, as analytics stores it and redirect rules match it. */
export interface Agent {
  browser: string | null;
  os: string | null;
  device: Device;
  bot: boolean;
}

const SIZE = 1000;

/**
 * User-Agent strings parsed once each (a parse costs ~20 µs; visitors send few distinct ones):
 * the visit writer and the redirect rules each hold one of these.
 */
export class UserAgents {
  private readonly parsed = new LRUCache<string, Agent>({ max: SIZE });

  parse(ua: string): Agent {
    const hit = this.parsed.get(ua);
    if (hit) return hit;
    const r = new UAParser(ua).getResult();
    const type = r.device.type;
    const agent: Agent = {
      bot: isbot(ua),
      browser: r.browser.name?.slice(0, 40) ?? null,
      os: r.os.name?.slice(0, 40) ?? null,
      device:
        type === undefined ? 'desktop' : type === 'mobile' || type === 'tablet' ? type : 'other',
    };
    this.parsed.set(ua, agent);
    return agent;
  }
}
