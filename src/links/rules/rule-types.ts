import type { VisitUtm } from '../../analytics/capture/raw-visit';

/** What a redirect rule may look at (the API's names). */
export const CONDITION_TYPES = [
  'device',
  'os',
  'browser',
  'country',
  'language',
  'query',
  'before',
  'after',
  'ip',
] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

export const DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export const OPERATING_SYSTEMS = [
  'ios',
  'android',
  'windows',
  'macos',
  'linux',
  'chromeos',
] as const;

/** One condition, stored as the API takes and shows it. */
export interface RuleCondition {
  type: ConditionType;
  /** A device, an OS, a browser, a country, a language tag, a parameter's value, Unix seconds,
   *  a CIDR range; absent only for `query` (the parameter is there, with any value). */
  value?: string | number;
  /** `query` only: the parameter's name. */
  param?: string;
}

export interface LinkVariant {
  target_url: string;
  weight: number;
}

/** The first rule whose conditions all match decides; a rule may split its visitors too. */
export interface LinkRule {
  conditions: RuleCondition[];
  target_url: string;
  variants?: LinkVariant[];
}

export const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type LinkUtm = VisitUtm;

export const TARGET_HEALTH = ['ok', 'broken', 'unknown', 'unchecked'] as const;
export type TargetHealthStatus = (typeof TARGET_HEALTH)[number];

export const MAX_RULES = 20;
export const MAX_CONDITIONS = 10;
export const MAX_VARIANTS = 10;
