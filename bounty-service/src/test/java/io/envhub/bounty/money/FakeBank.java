package io.envhub.bounty.money;

import io.envhub.bounty.payout.PayoutProvider;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A payment provider for tests that behaves like an idempotent bank API (Stripe-style idempotency keys): the first
 * {@code send} with a key moves money, repeats with that key return the same transfer. It records every call and every
 * transfer, so tests can count payments per payout.
 */
final class FakeBank implements PayoutProvider {
    /** A transfer the bank executed. */
    record Transfer(String id, long payoutId, String key, long amountMinor, String currency) {
    }

    final Map<String, Transfer> transfers = new ConcurrentHashMap<>();
    final List<String> calls = new CopyOnWriteArrayList<>();

    @Override
    public String name() {
        return "fakebank";
    }

    @Override
    public Result send(Order order) {
        calls.add("send " + order.key());
        Transfer t = transfers.computeIfAbsent(order.key(), k -> new Transfer("tr_" + transfers.size() + "_" + order.payoutId(),
                order.payoutId(), k, order.amountMinor(), order.currency()));
        return Result.sent(t.id());
    }

    @Override
    public Result check(Order order) {
        calls.add("check " + order.key());
        Transfer t = transfers.get(order.key());
        return t == null ? Result.failed("unknown transfer") : Result.confirmed(t.id());
    }

    /** Money the bank moved for a payout (over all its keys). */
    long paidFor(long payoutId) {
        return transfers.values().stream().filter(t -> t.payoutId() == payoutId).mapToLong(Transfer::amountMinor).sum();
    }

    /** Transfers the bank executed for a payout. */
    long transfersFor(long payoutId) {
        return transfers.values().stream().filter(t -> t.payoutId() == payoutId).count();
    }
}
