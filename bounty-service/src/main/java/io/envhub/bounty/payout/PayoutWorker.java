package io.envhub.bounty.payout;

import io.envhub.bounty.workflow.Workflow.Machine;
import io.envhub.bounty.BountyConfig;
import io.envhub.bounty.access.Actor;
import io.quarkus.arc.All;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import java.util.List;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Sends pending payouts through the configured {@link PayoutProvider} and settles sent ones. Each step is its own short
 * transaction, so a crash (or {@link Faults} in tests) between any two steps leaves a state the next pass repairs:
 * <ol>
 * <li>claim: pending payouts whose lease ran out, {@code FOR UPDATE SKIP LOCKED}, leased to this worker;</li>
 * <li>send: the provider is called with the attempt's key (a repeat after a crash reuses it: no second payment);</li>
 * <li>mark sent: only if the payout is still pending in the same attempt;</li>
 * <li>check: sent payouts are asked about; on confirmation the ledger posting and status {@code confirmed} commit
 * together ({@link PayoutService#confirm}); a failure marks the payout failed.</li>
 * </ol>
 */
@ApplicationScoped
public class PayoutWorker {
    private static final Logger LOG = Logger.getLogger(PayoutWorker.class);

    /** Test hook: called at each named step with the payout id; throwing there simulates a crash. */
    @FunctionalInterface
    public interface Faults {
        /** No faults. */
        Faults NONE = (step, payoutId) -> { };

        /** Steps: claimed, sent-to-provider, marked-sent, confirmed-by-provider. */
        void at(String step, long payoutId);
    }

    private final EntityManager em;
    private final PayoutService payouts;
    private final BountyConfig config;
    private final List<PayoutProvider> providers;
    private final String workerId = "worker-" + UUID.randomUUID();

    public PayoutWorker(EntityManager em, PayoutService payouts, BountyConfig config, @All List<PayoutProvider> providers) {
        this.em = em;
        this.payouts = payouts;
        this.config = config;
        this.providers = providers;
    }

    @Scheduled(every = "${envhub.bounty.jobs.payout-every}", delayed = "5s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void tick() {
        if (!config.payout().workerEnabled()) {
            return;
        }
        try {
            run(configured(), Faults.NONE);
        } catch (RuntimeException e) {
            LOG.warnf("payout worker pass failed (the next pass retries): %s", e.toString());
        }
    }

    /** The provider named by {@code envhub.bounty.payout.provider}. */
    public PayoutProvider configured() {
        String name = config.payout().provider();
        return providers.stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no PayoutProvider named " + name));
    }

    /** One pass: send what is pending, then settle what is sent. Returns how many payouts changed state. */
    public int run(PayoutProvider provider, Faults faults) {
        int changed = 0;
        for (Payout p : claim(provider)) {
            faults.at("claimed", p.id);
            PayoutProvider.Result r = provider.send(order(p));
            faults.at("sent-to-provider", p.id);
            if (r.state() == PayoutProvider.State.FAILED) {
                changed += failIfCurrent(p, r.detail()) ? 1 : 0;
                continue;
            }
            if (markSent(p, provider, r.reference())) {
                changed++;
            }
            faults.at("marked-sent", p.id);
        }
        for (Payout p : sent(provider)) {
            PayoutProvider.Result r = provider.check(order(p));
            if (r.state() == PayoutProvider.State.CONFIRMED) {
                faults.at("confirmed-by-provider", p.id);
                payouts.confirm(p.id, r.reference(), Actor.SYSTEM.username());
                changed++;
            } else if (r.state() == PayoutProvider.State.FAILED) {
                changed += failIfCurrent(p, r.detail()) ? 1 : 0;
            }
        }
        return changed;
    }

    private List<Payout> claim(PayoutProvider provider) {
        return QuarkusTransaction.requiringNew().call(() -> {
            @SuppressWarnings("unchecked")
            List<Number> ids = em.createNativeQuery("""
                    SELECT id FROM bounty.payouts
                     WHERE status = 'pending' AND (lease_until IS NULL OR lease_until < now())
                     ORDER BY id LIMIT ?1 FOR UPDATE SKIP LOCKED
                    """).setParameter(1, config.payout().batch()).getResultList();
            if (ids.isEmpty()) {
                return List.of();
            }
            List<Long> claimed = ids.stream().map(Number::longValue).toList();
            for (long id : claimed) {
                em.createNativeQuery("UPDATE bounty.payouts SET lease_owner = ?1, lease_until = now() + CAST(?2 AS INTERVAL), "
                                + "provider = ?3, updated_at = now() WHERE id = ?4")
                        .setParameter(1, workerId).setParameter(2, config.payout().lease().toSeconds() + " seconds")
                        .setParameter(3, provider.name()).setParameter(4, id).executeUpdate();
            }
            return detached(claimed);
        });
    }

    private List<Payout> sent(PayoutProvider provider) {
        return QuarkusTransaction.requiringNew().call(() -> {
            List<Payout> rows = Payout.list("status = 'sent' AND provider = ?1 ORDER BY id", provider.name());
            rows.forEach(em::detach);
            return rows.size() > config.payout().batch() ? rows.subList(0, config.payout().batch()) : rows;
        });
    }

    private List<Payout> detached(List<Long> ids) {
        em.flush();
        em.clear();
        List<Payout> rows = Payout.list("id IN ?1 ORDER BY id", ids);
        rows.forEach(em::detach);
        return rows;
    }

    private boolean markSent(Payout claimed, PayoutProvider provider, String reference) {
        return QuarkusTransaction.requiringNew().call(() -> {
            Payout p = Payout.lockedById(claimed.id).orElseThrow();
            if (!Machine.PAYOUT.allows(p.status, "send") || p.attempt != claimed.attempt) {
                return false;   // confirmed, failed or retried meanwhile (an admin was faster)
            }
            p.status = Machine.PAYOUT.next(p.status, "send");
            p.provider = provider.name();
            p.providerReference = reference;
            p.sentAt = Payout.now();
            p.updatedAt = p.sentAt;
            p.leaseOwner = null;
            p.leaseUntil = null;
            return true;
        });
    }

    private boolean failIfCurrent(Payout seen, String detail) {
        return QuarkusTransaction.requiringNew().call(() -> {
            Payout p = Payout.lockedById(seen.id).orElseThrow();
            if (p.attempt != seen.attempt || !Machine.PAYOUT.allows(p.status, "fail")) {
                return false;
            }
            payouts.fail(p.id, "provider: " + (detail == null ? "refused" : detail), Actor.SYSTEM.username());
            return true;
        });
    }

    private static PayoutProvider.Order order(Payout p) {
        return new PayoutProvider.Order(p.id, p.attemptKey(), p.payeeSubject, p.payeeUsername, p.amountMinor, p.currency);
    }
}
