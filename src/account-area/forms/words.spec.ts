import { wordsFor } from '../../i18n/i18n';
import { IsEmail, IsUrl, MaxLength, MinLength, validate } from 'class-validator';
import { plainToInstance } from 'class-transformer';
import { sayForPeople } from './words';

class Sample {
  @MinLength(8) password = '';
  @MaxLength(5) title = '';
  @IsEmail() email = '';
  @IsUrl() target_url = '';
}

const said = async (values: Partial<Sample>) => {
  const errors = await validate(
    plainToInstance(Sample, {
      password: 'long enough',
      title: 'ok',
      email: 'a@example.com',
      target_url: 'https://example.com',
      ...values,
    }),
  );
  return errors.map((e) => sayForPeople(e, wordsFor('en')));
};

describe('sayForPeople', () => {
  it('should name the field as people do, with the number that matters', async () => {
    expect(await said({ password: 'short' })).toEqual([
      'The password needs at least 8 characters.',
    ]);
    expect(await said({ title: 'far too long' })).toEqual([
      'The title can have at most 5 characters.',
    ]);
  });

  it('should say what a good value looks like where a rule is about its shape', async () => {
    expect(await said({ email: 'nobody' })).toEqual([
      'That does not look like an email address: it needs an @ and a domain.',
    ]);
    expect(await said({ target_url: 'nope' })).toEqual([
      'Give a full web address, like https://example.com/page.',
    ]);
  });
});
