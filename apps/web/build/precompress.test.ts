// @vitest-environment node
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { compressedCopies, precompressPlugin } from './precompress';

const big = `export const menu = ${JSON.stringify('Garlic Bread '.repeat(500))};`;
let dir = '';
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('precompressed copies', () => {
  it('compress losslessly, smaller than the file', async () => {
    const { br, gz } = await compressedCopies(Buffer.from(big));
    expect(brotliDecompressSync(br).toString()).toBe(big);
    expect(gunzipSync(gz).toString()).toBe(big);
    expect(br.length).toBeLessThan(big.length / 10);
  });

  it('are written beside each text file of the build worth compressing', async () => {
    dir = await mkdtemp(join(tmpdir(), 'venue-precompress-'));
    await writeFile(join(dir, 'app.js'), big);
    const bundle = {
      'app.js': { type: 'chunk', fileName: 'app.js', code: big },
      'tiny.css': { type: 'asset', fileName: 'tiny.css', source: '.a{color:red}' },
      'icon.png': { type: 'asset', fileName: 'icon.png', source: new Uint8Array(4096) },
    } as unknown as Rolldown.OutputBundle;
    const hook = precompressPlugin().writeBundle as (
      options: { dir: string },
      bundle: Rolldown.OutputBundle,
    ) => Promise<void>;
    await hook({ dir }, bundle);
    expect((await readdir(dir)).sort()).toEqual(['app.js', 'app.js.br', 'app.js.gz']);
    expect(brotliDecompressSync(await readFile(join(dir, 'app.js.br'))).toString()).toBe(big);
  });
});
