import { getMetadataStorage } from 'class-validator';

type Storage = ReturnType<typeof getMetadataStorage>;
type Lookup = Storage['getTargetValidationMetadatas'];
type Rules = ReturnType<Lookup>;

let installed = false;

/**
 * Remembers class-validator's answer to "which rules apply to this class": it works it out again
 * for every object validated, nested ones too, walking every class that has rules (an
 * `instanceof` test each) and comparing the inherited rules with the class's own. With this
 * service's few hundred DTO classes that was ~50 µs of a link creation's ~1 ms of CPU. Rules are
 * registered as classes are defined; any registration forgets every answer, so a class defined
 * later (a mapped type) is never answered from before it.
 */
export function cacheValidationMetadata(): void {
  if (installed) return;
  installed = true;
  const storage = getMetadataStorage();
  const lookup: Lookup = storage.getTargetValidationMetadatas.bind(storage);
  let answers = new Map<unknown, Map<string, Rules>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = [schema, always, strictGroups, ...(groups ?? [])].join('\u0000');
    let byOptions = answers.get(target);
    if (!byOptions) answers.set(target, (byOptions = new Map<string, Rules>()));
    let found = byOptions.get(key);
    if (!found) byOptions.set(key, (found = lookup(target, schema, always, strictGroups, groups)));
    return found;
  };
  const forgetting =
    <A>(add: (arg: A) => void) =>
    (arg: A) => {
      answers = new Map();
      add(arg);
    };
  storage.addValidationMetadata = forgetting(storage.addValidationMetadata.bind(storage));
  storage.addValidationSchema = forgetting(storage.addValidationSchema.bind(storage));
}
