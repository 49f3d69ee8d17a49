// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { COMPILE_HINT, compileHintsPlugin, startupChunks } from './compile-hints';

function chunk(fileName: string, imports: string[], isEntry = false) {
  return { type: 'chunk', fileName, imports, isEntry, code: `/* ${fileName} */` };
}

/** index imports vendor and app; app imports vendor; the screens come later by dynamic import. */
const bundle = () =>
  ({
    'index.js': chunk('index.js', ['vendor.js', 'app.js'], true),
    'vendor.js': chunk('vendor.js', []),
    'app.js': chunk('app.js', ['vendor.js']),
    'start.js': chunk('start.js', ['vendor.js', 'app.js']),
    'payment.js': chunk('payment.js', ['vendor.js', 'coupons.js']),
    'coupons.js': chunk('coupons.js', []),
    'index.css': { type: 'asset', fileName: 'index.css', source: 'a{}' },
  }) as unknown as Rolldown.OutputBundle;

const run = (output: Rolldown.OutputBundle) =>
  (
    compileHintsPlugin().generateBundle as { handler: (options: unknown, bundle: Rolldown.OutputBundle) => void }
  ).handler({}, output);
const code = (output: Rolldown.OutputBundle, name: string) => (output[name] as Rolldown.OutputChunk).code;

describe('compile hints', () => {
  it('the start-up chunks are the entry and what it imports statically, not the screens', () => {
    expect(
      startupChunks(bundle())
        .map((found) => found.fileName)
        .sort(),
    ).toEqual(['app.js', 'index.js', 'vendor.js']);
  });

  it('go once at the very top of each start-up chunk, and nowhere else', () => {
    const output = bundle();
    run(output);
    run(output);
    for (const name of ['index.js', 'vendor.js', 'app.js']) {
      expect(code(output, name)).toBe(`${COMPILE_HINT}\n/* ${name} */`);
    }
    for (const name of ['start.js', 'payment.js', 'coupons.js']) expect(code(output, name)).toBe(`/* ${name} */`);
  });
});
