import { describe, expect, it, vi } from 'vitest';
import { SseParser, type StreamEvent } from './sse-parser.ts';

/** Feeds `text` to a fresh parser in chunks of `size` characters; what it told. */
function parse(text: string, size = text.length) {
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const retries: number[] = [];
  const parser = new SseParser({
    event: (event) => events.push(event),
    comment: (comment) => comments.push(comment),
    retry: (ms) => retries.push(ms),
  });
  for (let i = 0; i < text.length; i += size) parser.push(text.slice(i, i + size));
  return { parser, events, comments, retries };
}

describe('SseParser', () => {
  const STREAM =
    'retry: 3000\n: heartbeat\n\nid: 7\nevent: order\ndata: {"id":1}\n\nid: 8\nevent: vendor\ndata: a\ndata: b\r\n\r\ndata:no space\rdata:  two spaces\r\r';
  const EVENTS = [
    { id: '7', type: 'order', data: '{"id":1}' },
    { id: '8', type: 'vendor', data: 'a\nb' },
    { id: '8', type: 'message', data: 'no space\n two spaces' },
  ];

  it('reads fields, comments, retry hints, multi-line data and every line ending, however the chunks fall', () => {
    for (const size of [1, 2, 3, 5, 7, 1_000]) {
      const { parser, events, comments, retries } = parse(STREAM, size);
      expect(events, `chunks of ${size}`).toEqual(EVENTS);
      expect(comments).toEqual([' heartbeat']);
      expect(retries).toEqual([3000]);
      expect(parser.lastEventId).toBe('8');
      expect(parser.retryMs).toBe(3000);
    }
  });

  it('a CRLF split between two chunks is one line end', () => {
    const { events } = parse('data: a\r\n\r\ndata: b\r\n\r\n', 8);
    expect(events.map((event) => event.data)).toEqual(['a', 'b']);
  });

  it('dispatches nothing for a comment, an event without data or an unfinished event', () => {
    const emit = vi.fn();
    const parser = new SseParser();
    parser.push(': only a comment\n\nevent: order\n\ndata: not yet', emit);
    expect(emit).not.toHaveBeenCalled();
    parser.push('\n\n', emit);
    expect(emit).toHaveBeenCalledWith({ id: null, type: 'message', data: 'not yet' });
  });

  it('ignores an id holding NUL, a retry that is not all digits and unknown fields', () => {
    const { events, retries } = parse('id: 1\n\nid: 2\0\nretry: 5s\nfoo: bar\ndata\n\n');
    expect(events).toEqual([{ id: '1', type: 'message', data: '' }]);
    expect(retries).toEqual([]);
  });
});
