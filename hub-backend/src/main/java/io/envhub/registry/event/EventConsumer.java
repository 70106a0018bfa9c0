package io.envhub.registry.event;

/**
 * Acts on each event once, inside the dispatcher's transaction (which also marks the event dispatched): webhook
 * deliveries and notifications are written with that mark or not at all.
 */
public interface EventConsumer {
    /** Writes what {@code event} asks of this consumer; runs in the dispatcher's transaction. */
    void consume(StoredEvent event);
}
