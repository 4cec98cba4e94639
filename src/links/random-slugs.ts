import { isReservedSlug, randomSlug } from '../common/slug';

const TRIES_PER_LENGTH = 3;

/** Random slugs; one character longer after every third taken one, so the space never crowds. */
export class RandomSlugs {
  private length = 6;

  /** The slug for the `attempt`-th try (0 first) at one link, never a reserved one. */
  next(attempt: number): string {
    if (attempt > 0 && attempt % TRIES_PER_LENGTH === 0) this.length++;
    for (;;) {
      const slug = randomSlug(this.length);
      if (!isReservedSlug(slug)) return slug;
    }
  }
}
