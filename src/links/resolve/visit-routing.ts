import { Injectable } from '@nestjs/common';
import type { IncomingHttpHeaders } from 'node:http';
import { VisitRecorder } from '../../analytics/capture/visit-recorder';
import { VisitorSignals } from '../../analytics/capture/visitor-signals';
import { Link } from '../link.entity';
import {
  compileRouting,
  plainLocation,
  Routed,
  Routing,
  RoutingSource,
} from '../rules/compile-routing';
import { TraitSources, VisitorTraits } from '../rules/visitor-traits';

/** A link's fields as routing takes them: a broken watched target gives way to its fallback. */
export const routingSourceOf = (link: Link): RoutingSource => ({
  id: link.id,
  targetUrl: link.targetUrl!,
  rules: link.rules,
  variants: link.variants,
  utm: link.utm,
  forwardQuery: link.forwardQuery,
  visitorQueryWins: link.visitorQueryWins,
  fallbackUrl: link.healthStatus === 'broken' ? link.fallbackUrl : null,
});

/** A redirect link made ready to answer: its plain location, and its routing if it has any. */
export interface CompiledRedirect {
  location: string;
  routing: Routing | null;
}

export const compileRedirect = (link: Link): CompiledRedirect => {
  const source = routingSourceOf(link);
  return { location: plainLocation(source), routing: compileRouting(source) };
};

/**
 * Where one visit of a redirect goes: its rules and split read the request the way analytics
 * reads it (the same User-Agent cache, country database and visitor hash).
 */
@Injectable()
export class VisitRouting {
  private readonly sources: TraitSources;

  constructor(
    private readonly signals: VisitorSignals,
    recorder: VisitRecorder,
  ) {
    this.sources = {
      signals,
      visitorHash: (at, ip, ua) => recorder.visitorHash(at, ip, ua),
    };
  }

  route(
    compiled: CompiledRedirect,
    headers: IncomingHttpHeaders,
    remoteAddress: string | undefined,
    url: string,
    now: number,
  ): Routed {
    if (!compiled.routing) return { location: compiled.location, variant: null };
    return compiled.routing.route(
      new VisitorTraits(headers, remoteAddress, url, now, this.sources),
    );
  }

  isBot(headers: IncomingHttpHeaders): boolean {
    return this.signals.agents.parse(headers['user-agent'] ?? '').bot;
  }
}
