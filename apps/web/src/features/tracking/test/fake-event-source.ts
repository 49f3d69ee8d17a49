/**
 * A stand-in for the browser's EventSource in unit tests (jsdom has none): it opens nothing and
 * records what the code asks of it; the test makes it deliver, drop or refuse.
 */
export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  private readonly listeners = new Map<string, ((event: Event) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data?: string) {
    if (type === 'order') this.readyState = FakeEventSource.OPEN;
    const event = data === undefined ? new Event(type) : new MessageEvent(type, { data });
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  /** the connection dropped: the browser reconnects by itself */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.emit('error');
  }
  /** refused (401, 204, not an event stream): the browser gives up */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.emit('error');
  }
}
