/** What the start of a sign-on keeps for its return, sealed in a cookie (nothing is stored). */
export interface SignInFlow {
  /** The provider's name. */
  p: string;
  /** PKCE code verifier, state and nonce. */
  v: string;
  s: string;
  n: string;
  /** Where to go after; a path on this site. */
  next: string;
  /** Unix ms after which the flow is refused. */
  exp: number;
}

export const FLOW_COOKIE = 'ld_oidc';
export const FLOW_SEAL = 'oidc-flow';
