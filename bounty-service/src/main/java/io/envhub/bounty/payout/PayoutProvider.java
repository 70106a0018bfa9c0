package io.envhub.bounty.payout;

/**
 * Sends money to a contributor. Implementations must be idempotent per {@link Order#key()}: the worker repeats a call
 * after a crash with the same key, and the provider must not pay twice (Stripe, for example, keeps idempotency keys for
 * 24 hours; a provider without such keys must remember the keys it has seen). Beans are selected by {@link #name()}
 * ({@code envhub.bounty.payout.provider}).
 */
public interface PayoutProvider {
    /** What to pay: one payout attempt. */
    record Order(long payoutId, String key, String payeeSubject, String payeeUsername, long amountMinor, String currency) {
    }

    /** What the provider says about an order. */
    record Result(State state, String reference, String detail) {
        /** Accepted, not yet settled: the worker asks again later (or an admin confirms, for the manual provider). */
        public static Result sent(String reference) {
            return new Result(State.SENT, reference, null);
        }

        /** Settled: the money reached the payee; {@code reference} is the provider's transfer id. */
        public static Result confirmed(String reference) {
            return new Result(State.CONFIRMED, reference, null);
        }

        /** Refused or reversed; the payout becomes failed and may be retried. */
        public static Result failed(String detail) {
            return new Result(State.FAILED, null, detail);
        }
    }

    /** States a provider reports. */
    enum State { SENT, CONFIRMED, FAILED }

    /** The provider's name, stored on each payout. */
    String name();

    /** Starts the transfer (idempotent per key). */
    Result send(Order order);

    /** The transfer's current state, for payouts marked sent. */
    Result check(Order order);
}
