import { SetMetadata } from '@nestjs/common';
import { METHOD_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiSecurity } from '@nestjs/swagger';
import { neededScope, RouteScope } from './scopes';

export const TOKEN_SCOPE = 'linkdrop:token-scope';

/** The OpenAPI extension naming an operation's scope (`any`, `full`, or a scope). */
export const SCOPE_EXTENSION = 'x-token-scope';

/**
 * A route (or every route of a controller) that needs a token, and the token scope it needs: the
 * guard checks it, and the OpenAPI document lists the three ways a token may be sent and the
 * scope (`x-token-scope`). On a controller, a family (`links`) means its read scope for GET and
 * HEAD and its write scope for the rest; a route's own declaration wins over its controller's.
 */
export function ApiAuth(scope: RouteScope): ClassDecorator & MethodDecorator {
  return (target: object, key?: string | symbol, descriptor?: PropertyDescriptor) => {
    if (descriptor) return declare(scope, target, key!, descriptor);
    const proto = (target as { prototype: object }).prototype;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const d = Object.getOwnPropertyDescriptor(proto, name)!;
      const fn: unknown = d.value;
      if (typeof fn !== 'function' || name === 'constructor') continue;
      if (Reflect.hasMetadata(TOKEN_SCOPE, fn) || !Reflect.hasMetadata(METHOD_METADATA, fn)) {
        continue;
      }
      declare(scope, proto, name, d);
    }
  };
}

function declare(scope: RouteScope, target: object, key: string | symbol, d: PropertyDescriptor) {
  SetMetadata(TOKEN_SCOPE, scope)(target, key, d);
  const method =
    RequestMethod[Reflect.getMetadata(METHOD_METADATA, d.value as object) as RequestMethod];
  const needed = method ? (neededScope(scope, method) ?? 'any') : scope;
  for (const decorate of [
    ApiBearerAuth('bearer'),
    ApiSecurity('bare'),
    ApiSecurity('signature'),
    ApiExtension(SCOPE_EXTENSION, needed),
  ]) {
    decorate(target, key, d);
  }
}
