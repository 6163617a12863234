/**
 * Gives the event loop a turn so incoming messages (a newer transaction, a cancel) are handled
 * between slices of layout. In browsers a MessageChannel round trip is used instead of
 * setTimeout(0), which is clamped to ≥ 4 ms once nested. Node drains one port's queue
 * greedily (a self-posting port would starve every other port), so there setImmediate is used.
 */
let channel: MessageChannel | null = null;
const waiting: (() => void)[] = [];

export function yieldToEventLoop(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (callback: () => void) => unknown }).setImmediate;
  if (typeof immediate === 'function') return new Promise((resolve) => immediate(resolve));
  if (typeof MessageChannel === 'undefined') return new Promise((resolve) => setTimeout(resolve, 0));
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => waiting.shift()?.();
  }
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel!.port2.postMessage(0);
  });
}
