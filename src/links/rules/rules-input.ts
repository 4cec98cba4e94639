import { isIP } from 'node:net';
import { invalid } from '../../common/errors/domain-error';
import { CONTROL_CHARACTERS } from '../../common/validators/single-line';
import { normalizeUrl } from '../link-values';
import { browserKey } from './compile-routing';
import {
  CONDITION_TYPES,
  ConditionType,
  DEVICES,
  LinkRule,
  LinkUtm,
  LinkVariant,
  MAX_CONDITIONS,
  MAX_RULES,
  MAX_VARIANTS,
  OPERATING_SYSTEMS,
  RuleCondition,
  UTM_FIELDS,
} from './rule-types';

const MAX_WEIGHT = 1_000_000;
const LANGUAGE = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function onlyKeys(v: Record<string, unknown>, keys: string[], field: string): void {
  const extra = Object.keys(v).find((k) => !keys.includes(k));
  if (extra !== undefined) throw invalid(`${field}.${extra}`, `${field}.${extra} is not allowed`);
}

/**
 * A link's rules as the API takes them, checked and made canonical (device, OS and browser names
 * lower-cased, countries upper-cased, URLs normalised); any fault is a 400 naming its field.
 */
export function checkRules(rules: unknown): LinkRule[] {
  if (!Array.isArray(rules)) throw invalid('rules', 'rules must be an array');
  if (rules.length > MAX_RULES) throw invalid('rules', `at most ${MAX_RULES} rules`);
  return rules.map((rule: unknown, i) => {
    const field = `rules[${i}]`;
    if (!isObject(rule)) throw invalid(field, `${field} must be an object`);
    onlyKeys(rule, ['conditions', 'target_url', 'variants'], field);
    const { conditions } = rule;
    if (!Array.isArray(conditions) || conditions.length === 0) {
      throw invalid(
        `${field}.conditions`,
        `${field}.conditions must be a list of 1 to ${MAX_CONDITIONS}`,
      );
    }
    if (conditions.length > MAX_CONDITIONS) {
      throw invalid(`${field}.conditions`, `at most ${MAX_CONDITIONS} conditions a rule`);
    }
    if (typeof rule.target_url !== 'string') {
      throw invalid(`${field}.target_url`, `${field}.target_url must be a URL`);
    }
    const checked: LinkRule = {
      conditions: conditions.map((c: unknown, j) => checkCondition(c, `${field}.conditions[${j}]`)),
      target_url: normalizeUrl(rule.target_url, `${field}.target_url`),
    };
    const variants =
      rule.variants === undefined ? [] : checkVariants(rule.variants, `${field}.variants`);
    if (variants.length) checked.variants = variants;
    return checked;
  });
}

function checkCondition(c: unknown, field: string): RuleCondition {
  if (!isObject(c)) throw invalid(field, `${field} must be an object`);
  onlyKeys(c, ['type', 'value', 'param'], field);
  const type = c.type as ConditionType;
  if (!CONDITION_TYPES.includes(type)) {
    throw invalid(`${field}.type`, `${field}.type must be one of ${CONDITION_TYPES.join(', ')}`);
  }
  if (type === 'query') return checkQuery(c, field);
  if (c.param !== undefined) throw invalid(`${field}.param`, `only a query condition has a param`);
  const value = c.value;
  const bad = (what: string) => invalid(`${field}.value`, `${field}.value must be ${what}`);
  if (type === 'before' || type === 'after') {
    if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > 253402300799) {
      throw bad('Unix seconds (an integer)');
    }
    return { type, value: value as number };
  }
  if (typeof value !== 'string' || value.length === 0 || value.length > 60) {
    throw bad('a string');
  }
  switch (type) {
    case 'device': {
      const v = value.toLowerCase();
      if (!(DEVICES as readonly string[]).includes(v)) throw bad(`one of ${DEVICES.join(', ')}`);
      return { type, value: v };
    }
    case 'os': {
      const v = value.toLowerCase();
      if (!(OPERATING_SYSTEMS as readonly string[]).includes(v)) {
        throw bad(`one of ${OPERATING_SYSTEMS.join(', ')}`);
      }
      return { type, value: v };
    }
    case 'browser':
      if (!/^[A-Za-z][A-Za-z0-9 .!_-]*$/.test(value)) throw bad('a browser name such as chrome');
      return { type, value: browserKey(value)! };
    case 'country':
      if (!/^[A-Za-z]{2}$/.test(value)) throw bad('an ISO 3166 alpha-2 code such as DE');
      return { type, value: value.toUpperCase() };
    case 'language':
      if (!LANGUAGE.test(value)) throw bad('a BCP 47 language tag such as en or en-GB');
      return { type, value };
    case 'ip':
      if (!isCidr(value)) throw bad('an IP address or a CIDR range such as 203.0.113.0/24');
      return { type, value };
  }
  throw bad('valid');
}

function checkQuery(c: Record<string, unknown>, field: string): RuleCondition {
  const { param, value } = c;
  if (typeof param !== 'string' || param.length === 0 || param.length > 100) {
    throw invalid(`${field}.param`, `${field}.param must name the query parameter`);
  }
  if (value === undefined || value === null) return { type: 'query', param };
  if (typeof value !== 'string' || value.length > 200) {
    throw invalid(`${field}.value`, `${field}.value must be a string (absent: any value)`);
  }
  return { type: 'query', param, value };
}

function isCidr(value: string): boolean {
  const [address, bits, ...rest] = value.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 6 ? 128 : 32);
}

/** A weighted split: 2 to MAX_VARIANTS different URLs of positive integer weights; [] is none. */
export function checkVariants(variants: unknown, field = 'variants'): LinkVariant[] {
  if (!Array.isArray(variants)) throw invalid(field, `${field} must be an array`);
  if (variants.length === 0) return [];
  if (variants.length < 2 || variants.length > MAX_VARIANTS) {
    throw invalid(field, `a split has 2 to ${MAX_VARIANTS} variants (an empty list removes it)`);
  }
  const checked = variants.map((v: unknown, i) => {
    const at = `${field}[${i}]`;
    if (!isObject(v)) throw invalid(at, `${at} must be an object`);
    onlyKeys(v, ['target_url', 'weight'], at);
    if (typeof v.target_url !== 'string')
      throw invalid(`${at}.target_url`, `${at}.target_url must be a URL`);
    const w = v.weight;
    if (!Number.isInteger(w) || (w as number) < 1 || (w as number) > MAX_WEIGHT) {
      throw invalid(`${at}.weight`, `${at}.weight must be a positive integer`);
    }
    return { target_url: normalizeUrl(v.target_url, `${at}.target_url`), weight: w as number };
  });
  if (new Set(checked.map((v) => v.target_url)).size !== checked.length) {
    throw invalid(field, `the variants of a split must go to different URLs`);
  }
  return checked;
}

/** UTM fields: each a string of at most 100 characters; blank ones are left out; {} is none. */
export function checkUtm(utm: unknown): LinkUtm | null {
  if (utm === null || utm === undefined) return null;
  if (!isObject(utm))
    throw invalid('utm', 'utm must be an object of source, medium, campaign, term, content');
  onlyKeys(utm, [...UTM_FIELDS], 'utm');
  const checked: LinkUtm = {};
  for (const f of UTM_FIELDS) {
    const v = utm[f];
    if (v === undefined || v === null || v === '') continue;
    if (typeof v !== 'string' || v.length > 100 || CONTROL_CHARACTERS.test(v)) {
      throw invalid(`utm.${f}`, `utm.${f} must be a string of at most 100 characters`);
    }
    checked[f] = v;
  }
  return Object.keys(checked).length ? checked : null;
}
