import { TestAccount } from '../factories/account.factory';
import { TestApp } from './create-test-app';
import { TestDnsServer } from './dns-server';

/** Custom-domain calls of the e2e specs, against a test DNS server. */
export function customDomains(t: () => TestApp, dns: () => TestDnsServer) {
  const add = (who: TestAccount, host: string) =>
    t().api().post('/api/v1/custom-domains').set(who.auth).send({ host });
  const verify = (who: TestAccount, id: number) =>
    t().api().post(`/api/v1/custom-domains/${id}/verify`).set(who.auth);
  const publish = (host: string, token: string) =>
    dns().set(`_linkdrop.${host}`, 'TXT', `linkdrop-verify=${token}`);
  const tokenOf = (body: { data: { records: { value: string }[] } }) =>
    body.data.records[0].value.replace('linkdrop-verify=', '');
  /** A verified domain of `who`: added, TXT published, verified; its id. */
  const verified = async (who: TestAccount, host: string) => {
    const res = await add(who, host).expect(201);
    publish(host, tokenOf(res.body));
    await verify(who, res.body.data.id as number).expect(200);
    return res.body.data.id as number;
  };
  return { add, verify, publish, tokenOf, verified };
}
