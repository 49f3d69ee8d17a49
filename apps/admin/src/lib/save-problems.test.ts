import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/admin-client';
import { saveProblems } from './save-problems';

describe('what a refused save says', () => {
  it('puts each 422 problem beside its field by its JSON path, and lists those no field shows', () => {
    const error = new ApiError('The item has 3 problems.', 422, {
      problems: [
        { path: '$.price', message: 'A price must not be negative.' },
        { path: '$.options[1].name', message: 'Must not be empty.' },
        { path: '$.availability.monday', message: 'Too many windows in one day.' },
      ],
    });
    const problems = saveProblems(error, (path) => path !== 'availability.monday');
    expect(problems.fields).toEqual({
      price: 'A price must not be negative.',
      'options[1].name': 'Must not be empty.',
    });
    expect(problems.message).toBe(
      'Nothing was saved: 3 things need changing (availability.monday: Too many windows in one day.).',
    );
    expect(problems.conflict).toBeNull();
  });

  it('reads a 409 as the conflict it is, and anything else as the form’s own problem', () => {
    const conflict = {
      statusCode: 409,
      error: 'Conflict',
      message: 'Changed by Alex Smith at 10:42; reload to see it.',
      changedBy: 'Alex Smith',
      changedAt: '2026-11-27T00:42:00.000Z',
      currentVersion: 6,
    };
    expect(saveProblems(new ApiError(conflict.message, 409, conflict)).conflict).toEqual(conflict);
    expect(saveProblems(new ApiError('No connection to the server.', 0))).toEqual({
      fields: {},
      conflict: null,
      message: 'No connection to the server.',
    });
  });
});
