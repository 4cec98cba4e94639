/** One OpenID Connect provider, from `AUTH_OIDC_<NAME>_*`. */
export interface OidcProviderSettings {
  /** Lower-cased: the `<name>` of `/auth/oidc/<name>`. */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret?: string;
  scopes: string;
  /** The log-in button's words. */
  label: string;
  /** A claim and a value in it that make the account an admin (`groups` / `linkdrop-admins`). */
  adminClaim?: string;
  adminValue?: string;
}

/**
 * The providers named by AUTH_OIDC_PROVIDERS, each from its `AUTH_OIDC_<NAME>_*` variables;
 * a problem is a message naming the variable.
 */
export function readOidcProviders(
  raw: Record<string, unknown>,
  names: string | undefined,
): OidcProviderSettings[] | string {
  const out: OidcProviderSettings[] = [];
  for (const name of (names ?? '').split(',').filter(Boolean)) {
    const key = (k: string) => `AUTH_OIDC_${name.toUpperCase()}_${k}`;
    const get = (k: string) => {
      const v = raw[key(k)];
      return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
    };
    const issuer = get('ISSUER');
    if (!issuer || !/^https?:\/\/\S+$/.test(issuer))
      return `${key('ISSUER')} must be the provider's http(s) address`;
    const clientId = get('CLIENT_ID');
    if (!clientId) return `${key('CLIENT_ID')} must be set`;
    const adminClaim = get('ADMIN_CLAIM');
    const adminValue = get('ADMIN_VALUE');
    if (!!adminClaim !== !!adminValue)
      return `${key('ADMIN_CLAIM')} and ${key('ADMIN_VALUE')} go together`;
    out.push({
      name: name.toLowerCase(),
      issuer,
      clientId,
      clientSecret: get('CLIENT_SECRET'),
      scopes: get('SCOPES') ?? 'openid email profile',
      label: get('LABEL') ?? name,
      adminClaim,
      adminValue,
    });
  }
  return out;
}
