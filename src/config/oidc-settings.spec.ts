import { readOidcProviders } from './oidc-settings';

describe('OpenID provider settings', () => {
  it('should read each named provider with its defaults', () => {
    const raw = {
      AUTH_OIDC_CORP_ISSUER: 'https://id.example.com',
      AUTH_OIDC_CORP_CLIENT_ID: 'links',
      AUTH_OIDC_CORP_CLIENT_SECRET: 's3cret',
      AUTH_OIDC_CORP_ADMIN_CLAIM: 'groups',
      AUTH_OIDC_CORP_ADMIN_VALUE: 'linkdrop-admins',
      AUTH_OIDC_GITLAB_ISSUER: 'https://gitlab.example.com',
      AUTH_OIDC_GITLAB_CLIENT_ID: 'x',
      AUTH_OIDC_GITLAB_LABEL: 'GitLab',
    };
    expect(readOidcProviders(raw, 'Corp,gitlab')).toEqual([
      {
        name: 'corp',
        issuer: 'https://id.example.com',
        clientId: 'links',
        clientSecret: 's3cret',
        scopes: 'openid email profile',
        label: 'Corp',
        adminClaim: 'groups',
        adminValue: 'linkdrop-admins',
      },
      {
        name: 'gitlab',
        issuer: 'https://gitlab.example.com',
        clientId: 'x',
        clientSecret: undefined,
        scopes: 'openid email profile',
        label: 'GitLab',
        adminClaim: undefined,
        adminValue: undefined,
      },
    ]);
    expect(readOidcProviders({}, undefined)).toEqual([]);
  });

  it('should name the variable that is missing or wrong', () => {
    expect(readOidcProviders({}, 'corp')).toBe(
      "AUTH_OIDC_CORP_ISSUER must be the provider's http(s) address",
    );
    expect(readOidcProviders({ AUTH_OIDC_CORP_ISSUER: 'https://x' }, 'corp')).toBe(
      'AUTH_OIDC_CORP_CLIENT_ID must be set',
    );
    const half = {
      AUTH_OIDC_CORP_ISSUER: 'https://x',
      AUTH_OIDC_CORP_CLIENT_ID: 'a',
      AUTH_OIDC_CORP_ADMIN_CLAIM: 'groups',
    };
    expect(readOidcProviders(half, 'corp')).toMatch(/go together/);
  });
});
