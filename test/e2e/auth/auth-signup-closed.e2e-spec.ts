import { createTestApp, TestApp } from '../../utils/create-test-app';

describe('Sign-up closed', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ AUTH_SIGNUP: 'closed' })));
  afterAll(() => t.close());

  it('should refuse sign-up with 403 signup_closed', async () => {
    const res = await t
      .api()
      .post('/api/v1/auth/signup')
      .send({ email: 'x@example.com', password: 'long enough' })
      .expect(403);
    expect(res.body).toMatchObject({ code: 403, success: false, error: 'signup_closed' });
  });
});
