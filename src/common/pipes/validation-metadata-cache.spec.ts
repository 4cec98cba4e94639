import { IsInt, IsString, validateSync } from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata-cache';

describe('cacheValidationMetadata', () => {
  beforeAll(() => cacheValidationMetadata());

  const messages = (o: object) => validateSync(o).map((e) => e.property);

  it('answers the rules of a class as before, its parents included, on every call', () => {
    class Base {
      @IsString() name: unknown = 1;
    }
    class Child extends Base {
      @IsInt() count: unknown = 'x';
    }
    for (let i = 0; i < 3; i++) {
      expect(messages(new Base())).toEqual(['name']);
      expect(messages(new Child()).sort()).toEqual(['count', 'name']);
    }
  });

  it('forgets its answers when rules are added after it answered', () => {
    class Late {
      @IsString() first: unknown = 1;
    }
    expect(messages(new Late())).toEqual(['first']);
    // A decorator applied later, as a mapped type or a second module would.
    IsInt()(Late.prototype, 'second');
    const late = Object.assign(new Late(), { second: 'x' });
    expect(messages(late).sort()).toEqual(['first', 'second']);
  });
});
