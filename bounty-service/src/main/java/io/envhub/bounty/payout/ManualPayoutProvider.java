package io.envhub.bounty.payout;

import jakarta.enterprise.context.ApplicationScoped;

/**
 * The default provider: nothing leaves the system automatically. "Sending" puts the payout on the admins' queue (status
 * sent); an admin pays outside (bank transfer, ...) and confirms it with the external reference, or marks it failed.
 * Idempotent by construction: it has no side effect.
 */
@ApplicationScoped
public class ManualPayoutProvider implements PayoutProvider {
    @Override
    public String name() {
        return "manual";
    }

    @Override
    public Result send(Order order) {
        return Result.sent(null);
    }

    @Override
    public Result check(Order order) {
        return Result.sent(null);
    }
}
