/**
 * What a refused save says, for a form to show: each 422 problem beside its field (keyed by its JSON
 * path without "$.", e.g. "price", "vendorOrderConfiguration.deliveryMinAmount", "options[2].name"),
 * a 409 conflict as who changed the row and when, anything else as the form's own problem.
 */
import type { EditConflict } from '@venue/contract/admin-catalogue';
import { ApiError, messageOf } from '../api/admin-client';

export interface SaveProblems {
  /** problems by field path */
  fields: Record<string, string>;
  /** someone saved the row since it was read */
  conflict: EditConflict | null;
  /** the form's own problem (a failure without a field, or problems at paths no field shows) */
  message: string | null;
}

export const NO_PROBLEMS: SaveProblems = { fields: {}, conflict: null, message: null };

/** `shown`: the field paths the form has; problems elsewhere are listed in the message. */
export function saveProblems(error: unknown, shown: (path: string) => boolean = () => true): SaveProblems {
  if (error instanceof ApiError && error.status === 409) {
    const body = error.body as Partial<EditConflict> | null;
    if (body && typeof body.currentVersion === 'number') {
      return { fields: {}, conflict: body as EditConflict, message: null };
    }
  }
  const problems = error instanceof ApiError ? (error.body as { problems?: unknown } | null)?.problems : null;
  if (Array.isArray(problems) && problems.length > 0) {
    const fields: Record<string, string> = {};
    const elsewhere: string[] = [];
    for (const problem of problems as { path: string; message: string }[]) {
      const path = problem.path.replace(/^\$\.?/, '');
      if (path && shown(path)) fields[path] ??= problem.message;
      else elsewhere.push(path ? `${path}: ${problem.message}` : problem.message);
    }
    const count = problems.length;
    return {
      fields,
      conflict: null,
      message: `Nothing was saved: ${count} thing${count === 1 ? ' needs' : 's need'} changing${elsewhere.length ? ` (${elsewhere.join('; ')})` : ', shown beside each field'}.`,
    };
  }
  return { fields: {}, conflict: null, message: messageOf(error) };
}
