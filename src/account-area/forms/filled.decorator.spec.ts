import { plainToInstance } from 'class-transformer';
import { WebAddress } from './filled.decorator';

class Form {
  @WebAddress() target_url?: string;
}
const read = (target_url: unknown) => plainToInstance(Form, { target_url }).target_url;

describe('WebAddress', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['  example.com/a?b=1  ', 'https://example.com/a?b=1'],
    ['www.example.org:8080/x', 'https://www.example.org:8080/x'],
    ['//cdn.example.com/y', 'https://cdn.example.com/y'],
    ['https://example.com/', 'https://example.com/'],
    ['http://example.com', 'http://example.com'],
    ['mailto:a@example.com', 'mailto:a@example.com'],
    ['not an address', 'not an address'],
    ['localhost', 'localhost'],
    ['', undefined],
  ])('should read %j as %j', (typed, meant) => {
    expect(read(typed)).toBe(meant);
  });
});
