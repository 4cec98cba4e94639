import { registerDecorator, ValidationOptions } from 'class-validator';

export const MAX_URL_LENGTH = 2048;

/** An absolute http(s) URL a browser can follow; javascript:, data:, file: and the like are not. */
export function isHttpUrl(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export function IsHttpUrl(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isHttpUrl',
      target: target.constructor,
      propertyName: String(propertyName),
      options: {
        message: `$property must be an absolute http or https URL of at most ${MAX_URL_LENGTH} characters`,
        ...options,
      },
      validator: { validate: isHttpUrl },
    });
}
