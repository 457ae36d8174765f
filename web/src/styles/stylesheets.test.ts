import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? cssFiles(join(dir, entry.name)) : entry.name.endsWith('.css') ? [join(dir, entry.name)] : [],
  );
}

/**
 * Our stylesheets use no CSS nesting: a rule inside another rule is an unclosed brace, which silently
 * scopes every later rule of the bundled chunk under the open selector (it once hid the Verlauf's
 * styles behind `.pipeline__done`).
 */
describe('stylesheets', () => {
  it.each(cssFiles(root).map((file) => [relative(root, file), file]))('%s has no rule inside another rule', (_name, file) => {
    const nested: string[] = [];
    postcss.parse(readFileSync(file, 'utf8'), { from: file }).walkRules((rule) => {
      if (rule.parent?.type === 'rule') nested.push(`${(rule.parent as postcss.Rule).selector} { ${rule.selector} } (line ${rule.source?.start?.line})`);
    });
    expect(nested).toEqual([]);
  });
});
