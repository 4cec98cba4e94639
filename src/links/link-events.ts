import type { Tx } from '../database/unit-of-work';
import type { Link, LinkKind } from './link.entity';

/**
 * Emitted inside the transaction that deletes a link, before its row goes: the content kind
 * (texts, files) deletes its own row in `tx` and schedules what must follow the commit (stored
 * bytes). Handlers are declared with `@OnEvent(linkRemoving('file'), { suppressErrors: false })`.
 */
export interface LinkRemoving {
  link: Link;
  tx: Tx;
}

export const linkRemoving = (kind: LinkKind) => `link.removing.${kind}`;
