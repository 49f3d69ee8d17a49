import type { TestServer } from '@venue/test-harness/server';

/** What every benchmark section gets: the running server and the build it serves. */
export interface BenchContext {
  server: TestServer;
  /** directory of the built web app the server serves */
  webDist: string;
  /** seconds per measured run (autocannon duration) */
  durationSeconds: number;
  /** concurrent connections per measured run */
  connections: number;
  log(message: string): void;
}

/** A stated goal and whether this run met it. */
export interface Goal {
  description: string;
  met: boolean;
}

export interface SectionResult {
  /** short id, also the key in the results JSON */
  name: string;
  title: string;
  columns: string[];
  rows: string[][];
  /** lines printed under the table (e.g. the page-weight line) */
  notes: string[];
  goals: Goal[];
  /** raw figures for the results JSON */
  data: unknown;
}

/**
 * One benchmark (API throughput, page weight; later checkout, polling, Lighthouse). Sections run in
 * order against the same server and print their own table.
 */
export interface Section {
  name: string;
  description: string;
  run(context: BenchContext): Promise<SectionResult>;
}
