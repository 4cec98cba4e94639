// The configuration reference in docs/configuration.md, made from the Env class: its JSDoc for
// the meaning, its defaults, and its validators for the values allowed. `npm run docs:config`
// rewrites the table; test/unit/config-reference.spec.ts fails when the committed one is stale.
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { getMetadataStorage } from 'class-validator';
import * as ts from 'typescript';
import { Env } from '../src/config/env';

export const START = '<!-- configuration:start (made by npm run docs:config) -->';
export const END = '<!-- configuration:end -->';

/** Run from source (ts-node, the unit spec): the repository is one folder up. */
const root = resolve(__dirname, '..');
export const DOC_FILE = join(root, 'docs', 'configuration.md');

/** Each Env property's JSDoc, read from the source (the compiler drops comments). */
function meanings(): Map<string, string> {
  const file = join(root, 'src', 'config', 'env.ts');
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.ES2022,
    true,
  );
  const out = new Map<string, string>();
  const visit = (node: ts.Node) => {
    if (ts.isClassDeclaration(node) && node.name?.text === 'Env') {
      for (const member of node.members) {
        if (!ts.isPropertyDeclaration(member) || !ts.isIdentifier(member.name)) continue;
        const text = ts
          .getJSDocCommentsAndTags(member)
          .map((d) => (typeof d.comment === 'string' ? d.comment : ''))
          .join(' ');
        out.set(member.name.text, text.replace(/\s+/g, ' ').trim());
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The values a variable takes, from its validators. */
function allowed(name: string): string {
  const rules = getMetadataStorage()
    .getTargetValidationMetadatas(Env, '', true, false)
    .filter((m) => m.propertyName === name);
  const of = (name: string) => rules.find((r) => r.name === name);
  const inList = of('isIn');
  if (inList) return (inList.constraints[0] as string[]).map((v) => `\`${v}\``).join(', ');
  if (of('isBoolean')) return '`true`, `false`';
  if (of('isInt')) {
    const min = of('min')?.constraints[0] as number | undefined;
    const max = of('max')?.constraints[0] as number | undefined;
    if (min !== undefined && max !== undefined) return `${min}–${max}`;
    return min !== undefined ? `integer ≥ ${min}` : 'integer';
  }
  const matches = of('matches');
  const message = matches?.message;
  if (typeof message === 'string') return message.replace(/^must be /, '');
  if (of('isUrl')) return 'an http(s) URL';
  // A rule of its own (ValidateBy): its meaning says what it takes.
  return of('isString') || rules.every((r) => !r.name) ? 'text' : 'see the meaning';
}

/** Markdown-safe: `<` and `>` outside code spans would be read as HTML. */
const escaped = (text: string) =>
  text
    .split('`')
    .map((part, i) => (i % 2 ? part : part.replace(/</g, '&lt;').replace(/>/g, '&gt;')))
    .join('`')
    .replace(/\|/g, '\\|');

function shown(value: string | number | boolean | undefined): string {
  if (value === undefined) return 'unset';
  if (value === '') return 'empty';
  return `\`${value}\``;
}

export function renderTable(): string {
  const defaults = new Env() as unknown as Record<string, string | number | boolean | undefined>;
  const rows = [...meanings()].map(
    ([name, meaning]) =>
      `| \`${name}\` | ${shown(defaults[name])} | ${escaped(allowed(name))} | ${escaped(meaning)} |`,
  );
  return ['| Variable | Default | Values | Meaning |', '|---|---|---|---|', ...rows].join('\n');
}

export function withTable(doc: string): string {
  const [head, rest] = doc.split(START);
  const [, tail] = rest.split(END);
  return `${head}${START}\n${renderTable()}\n${END}${tail}`;
}

if (require.main === module) {
  writeFileSync(DOC_FILE, withTable(readFileSync(DOC_FILE, 'utf8')));
  console.log(`wrote ${DOC_FILE}`);
}
