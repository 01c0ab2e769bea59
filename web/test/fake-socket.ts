/** A stand-in for the browser's WebSocket at the network boundary: the test plays the server's side. */
import type { ServerPush } from '@amora/common';
import { vi } from 'vitest';

export class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static made: FakeSocket[] = [];
  readonly url: string;
  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(url: URL | string) {
    this.url = String(url);
    FakeSocket.made.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code: 1000 });
  }
  /** The server side: accepts, pushes, drops. */
  accept() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  /** Resolves once the app has read the push: it reads pushes in order, with the schemas it loads. */
  async push(push: ServerPush) {
    this.onmessage?.({ data: JSON.stringify(push) });
    await vi.dynamicImportSettled();
    for (let tick = 0; tick < 5; tick++) await Promise.resolve();
  }
  drop(code = 1006) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }
}
