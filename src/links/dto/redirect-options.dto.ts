import {
  FallbackUrlField,
  ForwardQueryField,
  MaxVisitsField,
  UtmField,
  UtmPartField,
  VisitorQueryWinsField,
  WatchTargetField,
} from './link-fields';

/** What a redirect takes on creation and change alike: docs/link-rules.md. */
export class RedirectOptionsDto {
  @MaxVisitsField() max_visits?: number | null;
  @ForwardQueryField() forward_query?: boolean;
  @VisitorQueryWinsField() visitor_query_wins?: boolean;
  @UtmField() utm?: Record<string, unknown> | null;
  @UtmPartField() utm_source?: string;
  @UtmPartField() utm_medium?: string;
  @UtmPartField() utm_campaign?: string;
  @UtmPartField() utm_term?: string;
  @UtmPartField() utm_content?: string;
  @WatchTargetField() watch_target?: boolean;
  @FallbackUrlField() fallback_url?: string | null;
}
