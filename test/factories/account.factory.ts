import { randomBytes } from 'node:crypto';
import { AccountsService } from '../../src/auth/accounts.service';
import { TestApp } from '../utils/create-test-app';

export interface TestAccount {
  id: number;
  email: string;
  password: string;
  token: string;
  auth: { Authorization: string };
}

/** Signs up a new account over HTTP and returns its first token. */
export async function createAccount(t: TestApp, plan?: string): Promise<TestAccount> {
  const email = `user-${randomBytes(6).toString('hex')}@example.com`;
  const password = 'correct horse battery';
  const res = await t.api().post('/api/v1/auth/signup').send({ email, password }).expect(201);
  const { token, account } = res.body.data;
  if (plan) await t.app.get(AccountsService).setPlan(email, plan, null);
  return { id: account.id, email, password, token, auth: { Authorization: `Bearer ${token}` } };
}
