// A real OpenID provider (panva/oidc-provider) for the tests, in its own process because it is
// an ES module: `node oidc-provider-process.mjs <redirect_uri>`; listens on a loopback port of
// its own choosing (one picked free beforehand could be taken meanwhile) and prints "ready <port>". Its development log-in page takes any name (the password is not checked); the
// accounts below say what each name's claims are.
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

const [redirectUri] = process.argv.slice(2);
const server = createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();
const issuer = `http://127.0.0.1:${port}`;

/** The claims of a log-in name: verified `<name>@idp.example`, except the names below. */
const claimsOf = (sub) => ({
  sub,
  email: sub === 'no-email' ? undefined : `${sub}@idp.example`,
  email_verified: sub !== 'unverified',
  name: `The ${sub}`,
  groups: sub.startsWith('admin') ? ['staff', 'linkdrop-admins'] : ['staff'],
});

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: 'linkdrop',
      client_secret: 'linkdrop-secret',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
    },
  ],
  claims: {
    openid: ['sub'],
    email: ['email', 'email_verified'],
    profile: ['name'],
    groups: ['groups'],
  },
  scopes: ['openid', 'email', 'profile', 'groups'],
  findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => claimsOf(sub) }),
  pkce: { required: () => true },
  cookies: { keys: ['test-cookie-key-not-secret'] },
  features: { devInteractions: { enabled: true } },
  // Consent is given for every scope asked: the page would only ask "Continue?".
  loadExistingGrant: async (ctx) => {
    const grant = new provider.Grant({
      clientId: ctx.oidc.client.clientId,
      accountId: ctx.oidc.session.accountId,
    });
    grant.addOIDCScope('openid email profile groups');
    grant.addOIDCClaims(['email', 'email_verified', 'name', 'groups']);
    await grant.save();
    return grant;
  },
});
provider.proxy = false;
server.on('request', provider.callback());
console.log(`ready ${port}`);
