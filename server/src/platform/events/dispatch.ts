/** Handing events to an instance's handlers, and the event ids it has heard already (bus.ts). */
import type { DomainEvent, Envelope, EventHandler, EventType } from './catalogue.js';

type AnyHandler = (event: DomainEvent, id: number | null) => void | Promise<void>;

/**
 * Handlers run after the dispatcher's turn, side by side; a failing one is reported and does not
 * stop the others. `dispatch` resolves once they are done: true when none failed.
 */
export function createDispatcher(onError: (error: unknown, event: DomainEvent) => void) {
  const handlers = new Map<EventType, Set<AnyHandler>>();
  return {
    on<T extends EventType>(type: T, handler: EventHandler<T>) {
      const ofType = handlers.get(type) ?? new Set<AnyHandler>();
      handlers.set(type, ofType);
      const added = handler as AnyHandler;
      ofType.add(added);
      return () => void ofType.delete(added);
    },
    async dispatch({ event, id }: Envelope): Promise<boolean> {
      const runs = [...(handlers.get(event.type) ?? [])].map((handler) =>
        Promise.resolve()
          .then(() => handler(event, id))
          .then(
            () => true,
            (error: unknown) => {
              onError(error, event);
              return false;
            },
          ),
      );
      return (await Promise.all(runs)).every(Boolean);
    },
  };
}

/** The ids heard last, oldest forgotten first. */
export function recentIds(capacity: number) {
  const ids = new Set<number>();
  return {
    /** False when the id was heard already. */
    add(id: number): boolean {
      if (ids.has(id)) return false;
      ids.add(id);
      if (ids.size > capacity) ids.delete(ids.values().next().value as number);
      return true;
    },
  };
}

export const reportError = (error: unknown, event: DomainEvent) => {
  console.error(`event ${event.type} could not be handled:`, error);
};

/** What became of an event's delivery on this instance. */
export interface Delivery {
  id: number;
  /** Its once-per-event handlers are done (now or before). */
  handled: boolean;
  /** The other instances got it. */
  sent: boolean;
}

/** An event of the outbox as it is delivered. */
export interface OutboxEvent {
  id: number;
  event: DomainEvent;
  /** How often it has been taken, this time included. */
  attempts: number;
  /** Its once-per-event handlers are done already. */
  handled: boolean;
}
