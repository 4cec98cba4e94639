import { Injectable } from '@nestjs/common';

/** The time the rules see (expiry, cache validity); tests replace it to move time on. */
@Injectable()
export class Clock {
  now(): number {
    return Date.now();
  }
}
