import { describe, expect, it } from 'vitest';
import { answerProblems, type Answer } from './response-checks.ts';

const json = (statusCode: number, body: unknown): Answer => ({
  statusCode,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(body),
});
const error = (statusCode: number, message: string) => json(statusCode, { statusCode, error: 'Bad Request', message });

describe('answers to hostile input', () => {
  it('accepts a 4xx JSON answer with a message, whatever words it uses', () => {
    expect(
      answerProblems(error(400, 'orderItems.0.quantity: Too big: expected number to be at most 99'), 'POST', ''),
    ).toEqual([]);
    expect(answerProblems(error(404, 'Route DELETE /v1/time not found'), 'DELETE', '/v1/time')).toEqual([]);
    expect(answerProblems(error(400, 'Unexpected token } in JSON at position 5'), 'POST', '{"a":}')).toEqual([]);
  });

  it('refuses a 5xx, whatever its body', () => {
    expect(answerProblems(error(500, 'Something went wrong on our side. Please try again.'), 'GET', '')).toEqual([
      'status 500',
    ]);
    expect(answerProblems(error(503, 'Down'), 'GET', '')).toContain('status 503');
  });

  it('refuses an error answer that is not JSON with a message', () => {
    expect(
      answerProblems({ statusCode: 400, headers: { 'content-type': 'text/html' }, body: '<h1>Bad</h1>' }, 'POST', ''),
    ).toEqual(['error answer is text/html, not JSON']);
    expect(answerProblems(json(400, { statusCode: 400, error: 'Bad Request' }), 'POST', '')).toEqual([
      'error answer has no message',
    ]);
    expect(
      answerProblems({ statusCode: 422, headers: { 'content-type': 'application/json' }, body: '{oops' }, 'POST', ''),
    ).toEqual(['error answer is not valid JSON']);
    // HEAD answers carry no body.
    expect(answerProblems({ statusCode: 404, headers: {}, body: '' }, 'HEAD', '')).toEqual([]);
  });

  it('finds stack traces, source paths, SQL and database words', () => {
    const stack = 'TypeError: x is undefined\n    at handler (/work/main/apps/server/src/modules/x.ts:12:5)';
    expect(answerProblems(error(400, stack), 'POST', '')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^stack frame/),
        expect.stringMatching(/^stack trace line/),
        expect.stringMatching(/^source file position/),
        expect.stringMatching(/^server file path/),
        expect.stringMatching(/^JavaScript error/),
      ]),
    );
    expect(answerProblems(error(400, 'select "id" from "orders" where "id" = $1'), 'GET', '')).toEqual([
      expect.stringMatching(/^SQL text/),
    ]);
    expect(answerProblems(error(409, 'SQLITE_CONSTRAINT: UNIQUE constraint failed'), 'POST', '')).toEqual([
      expect.stringMatching(/^database engine/),
    ]);
    expect(answerProblems(error(400, 'at /usr/lib/node_modules/x/index.js:3'), 'GET', '')).toEqual(
      expect.arrayContaining([expect.stringMatching(/^node_modules path/)]),
    );
  });

  it('does not count words the request itself sent as a leak', () => {
    expect(answerProblems(error(404, 'Route GET /v1/postgres not found'), 'GET', '/v1/postgres')).toEqual([]);
  });

  it('checks data answers for traces only: a menu may say "Select your size"', () => {
    expect(answerProblems(json(200, { text: 'Select your size from the list' }), 'GET', '')).toEqual([]);
    expect(answerProblems(json(200, { text: 'oops\n    at x (/srv/a.js:1:2)' }), 'GET', '')).not.toEqual([]);
  });
});
