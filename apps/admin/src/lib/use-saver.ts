import { useState } from 'react';
import { NO_PROBLEMS, saveProblems, type SaveProblems } from './save-problems';

/** A form's save: busy while it runs, its problems after a refusal, a word when it is done. */
export function useSaver(shown?: (path: string) => boolean) {
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<SaveProblems>(NO_PROBLEMS);
  const [done, setDone] = useState<string | null>(null);
  /** Runs the save; true when it went through. */
  const save = async (run: () => Promise<unknown>, doneWords: string): Promise<boolean> => {
    if (busy) return false;
    setBusy(true);
    setProblems(NO_PROBLEMS);
    setDone(null);
    try {
      await run();
      setDone(doneWords);
      return true;
    } catch (error) {
      setProblems(saveProblems(error, shown));
      return false;
    } finally {
      setBusy(false);
    }
  };
  /** Problems found before sending (the contract's rules), shown as the server's would be. */
  const refuse = (fields: Record<string, string>) => {
    setDone(null);
    setProblems({ fields, conflict: null, message: 'Nothing was saved: check the fields marked.' });
  };
  return { busy, problems, done, save, refuse, field: (path: string) => problems.fields[path] ?? null };
}
