import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkCatalogue } from '@venue/contract/venue-catalogue';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../config.ts';

describe("the README's example catalogue", () => {
  it('is a sound document', () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Venue catalogue'));
    const example = /```json\n([\s\S]*?)\n```/.exec(section)?.[1];
    expect(example).toBeDefined();
    expect(checkCatalogue(JSON.parse(example ?? 'null')).problems).toEqual([]);
  });
});
