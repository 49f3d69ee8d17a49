/**
 * Another commit of this repository, checked out in a scratch folder so the bench or a test can
 * run its server beside this checkout's: `git worktree add --detach`, with this checkout's node_modules
 * hard-linked in (quick, no extra disk) when both lock files are the same, else `npm ci` there.
 * Removed again afterwards, on Ctrl-C too.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.ts';
import { onInterrupt } from './interrupt.ts';

/** How long a command stopped on Ctrl-C gets to end before it is killed. */
const STOP_WAIT_MS = 10_000;

export interface Worktree {
  /** the scratch folder: pass it to startServer as repoRoot */
  root: string;
  commit: string;
  /** short hash and subject, for the report */
  describe: string;
  dispose(): void;
}

/** "abc1234 subject", the subject cut to one short line. */
function describeCommit(commit: string): string {
  const line = git('log', '-1', '--format=%h %s', commit);
  return line.length > 72 ? `${line.slice(0, 71)}…` : line;
}

function git(...args: string[]): string {
  return execFileSync('git', ['-C', REPO_ROOT, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

/** Whether a process has ended (gone, or a zombie nobody has waited for yet). */
function ended(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

/**
 * Runs a command in `cwd`, its output on this process's stderr (the tables go to stdout). On
 * Ctrl-C it is stopped (by its id) and waited for, so it writes nothing into a removed folder.
 */
function runCommand(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 2, 2] });
    const forget = onInterrupt(() => {
      if (!child.pid || ended(child.pid)) return;
      child.kill('SIGTERM');
      const pause = new Int32Array(new SharedArrayBuffer(4));
      for (let waited = 0; waited < STOP_WAIT_MS && !ended(child.pid); waited += 50) Atomics.wait(pause, 0, 0, 50);
      if (!ended(child.pid)) child.kill('SIGKILL');
    });
    child.on('error', (error) => {
      forget();
      reject(error);
    });
    child.on('exit', (code, signal) => {
      forget();
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed: ${signal ?? code}`));
    });
  });
}

/** This checkout's node_modules folders that the server's start needs: the root's, the server's, the packages'. */
async function nodeModulesFolders(): Promise<string[]> {
  const packages = await readdir(join(REPO_ROOT, 'packages'));
  return [
    'node_modules',
    'apps/server/node_modules',
    ...packages.map((name) => `packages/${name}/node_modules`),
  ].filter((folder) => existsSync(join(REPO_ROOT, folder)));
}

/** This checkout's commit, and whether the server's files differ from it (uncommitted changes). */
export function thisCheckout(): { commit: string; describe: string } {
  const commit = git('rev-parse', 'HEAD');
  const changed = git(
    'status',
    '--porcelain',
    '--untracked-files=no',
    '--',
    'apps/server',
    'packages',
    'package-lock.json',
  );
  return {
    commit,
    describe: `${describeCommit(commit)}${changed ? ' + uncommitted changes to the server' : ''}`,
  };
}

export async function addWorktree(ref: string, log: (message: string) => void): Promise<Worktree> {
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  const describe = describeCommit(commit);
  const root = await mkdtemp(join(tmpdir(), 'venue-worktree-'));
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    try {
      git('worktree', 'remove', '--force', root);
    } catch {
      // not added yet, or only half: the folder goes below all the same
    }
    rmSync(root, { recursive: true, force: true });
  };
  const forget = onInterrupt(remove);
  const dispose = () => {
    remove();
    forget();
  };
  try {
    log(`checking out ${describe} in ${root}…`);
    git('worktree', 'add', '--detach', root, commit);
    const [ours, theirs] = await Promise.all(
      [REPO_ROOT, root].map((folder) => readFile(join(folder, 'package-lock.json'), 'utf8')),
    );
    if (ours === theirs) {
      for (const folder of await nodeModulesFolders()) {
        if (!existsSync(join(root, folder, '..'))) continue;
        await runCommand('cp', ['-al', join(REPO_ROOT, folder), join(root, folder)], REPO_ROOT);
      }
      log('node_modules hard-linked from this checkout (same package-lock.json)');
    } else {
      log(`${ref}'s package-lock.json differs from this checkout's: npm ci there…`);
      await runCommand('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], root);
    }
  } catch (error) {
    dispose();
    throw error;
  }
  return { root, commit, describe, dispose };
}
