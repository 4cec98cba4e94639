/** `npm run bench:writer` (after `npm run build`): the visit writer's part of `npm run bench`. */
import { benchWriter } from './bench/analytics';
import { pinSelf } from './bench/harness';

pinSelf(1);
benchWriter().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
