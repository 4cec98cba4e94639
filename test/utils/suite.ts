import { createAccount, TestAccount } from '../factories/account.factory';
import { createTestApp, TestApp } from './create-test-app';

export interface Suite {
  t: TestApp;
  /** The owner the tests act as. */
  a: TestAccount;
  /** Someone else: their resources must look absent to `a`, and the other way round. */
  b: TestAccount;
}

/**
 * The usual e2e suite: one app with these settings and two accounts, made before the tests and
 * closed after them. `assign` hands them to the suite's own variables, so its tests read `t`, `a`
 * and `b`: `appWithTwoAccounts({}, (s) => ({ t, a, b } = s));`
 */
export function appWithTwoAccounts(
  settings: Parameters<typeof createTestApp>[0],
  assign: (suite: Suite) => void,
): void {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(settings);
    assign({ t, a: await createAccount(t), b: await createAccount(t) });
  });
  afterAll(() => t?.close());
}
