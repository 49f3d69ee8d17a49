/**
 * What every answer to hostile input must be: below 500; for a 4xx, JSON with a message; and
 * never a look inside the server — stack frames, source paths, SQL or the database's own words.
 */

export interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

interface LeakPattern {
  name: string;
  pattern: RegExp;
  /** checked in error answers only: menus and other data may use these words innocently */
  errorsOnly?: boolean;
}

export const LEAK_PATTERNS: readonly LeakPattern[] = [
  // "at Object.handler (/srv/app/src/x.ts:12:5)", "at async node:internal/…", "at file:///…"
  { name: 'stack frame', pattern: /\bat (?:async )?(?:[\w$.<>[\]]+ )?\(?(?:file:\/\/|node:|\/)[^\s)]*:\d+/ },
  // a newline then "    at …", raw or escaped inside a JSON string
  { name: 'stack trace line', pattern: /(?:\n|\\n)\s*at \S/ },
  { name: 'source file position', pattern: /\.(?:ts|js|mjs|cjs)(?::\d+){1,2}\b/ },
  { name: 'node_modules path', pattern: /node_modules/ },
  {
    name: 'server file path',
    pattern: /(?:\/work\/|\/home\/|\/root\/|\/srv\/|\/app\/|apps\/server\/|packages\/contract\/)/,
  },
  {
    name: 'SQL text',
    pattern: /\b(?:select\s[\s\S]{0,200}?\sfrom\s|insert\s+into\s|update\s+"?\w+"?\s+set\s|delete\s+from\s)/i,
    errorsOnly: true,
  },
  { name: 'database engine', pattern: /sqlite|postgres|kysely|\bpg_|SQLSTATE/i, errorsOnly: true },
  {
    name: 'JavaScript error',
    pattern:
      /\b(?:TypeError|RangeError|ReferenceError|ZodError|Maximum call stack)\b|Cannot read propert|is not a function|undefined is not/,
    errorsOnly: true,
  },
];

function contentTypeOf(answer: Answer): string {
  const value = answer.headers['content-type'];
  return Array.isArray(value) ? value.join(',') : String(value ?? '');
}

/**
 * What is wrong with an answer, or [] when nothing is. `sent` is the request's own text (URL,
 * headers, body): words the request itself carried may be echoed back and are not a leak.
 */
export function answerProblems(answer: Answer, method: string, sent: string): string[] {
  const problems: string[] = [];
  const status = answer.statusCode;
  if (status >= 500) problems.push(`status ${status}`);
  const isError = status >= 400;
  if (isError && method !== 'HEAD') {
    if (!/^application\/json\b/.test(contentTypeOf(answer))) {
      problems.push(`error answer is ${contentTypeOf(answer) || 'untyped'}, not JSON`);
    } else {
      let body: unknown;
      try {
        body = JSON.parse(answer.body);
      } catch {
        problems.push('error answer is not valid JSON');
      }
      if (body !== undefined) {
        const message = (body as { message?: unknown } | null)?.message;
        if (typeof message !== 'string' || message.trim() === '') problems.push('error answer has no message');
        if ((body as { statusCode?: unknown }).statusCode !== status)
          problems.push('error answer statusCode differs from the status');
      }
    }
  }
  const type = contentTypeOf(answer);
  if (method !== 'HEAD' && (type === '' || /json|text|javascript|html/.test(type))) {
    const sentLower = sent.toLowerCase();
    for (const { name, pattern, errorsOnly } of LEAK_PATTERNS) {
      if (errorsOnly && !isError) continue;
      const match = pattern.exec(answer.body);
      if (match && !sentLower.includes(match[0].toLowerCase()))
        problems.push(`${name} in the answer: ${JSON.stringify(match[0])}`);
    }
  }
  return problems;
}
