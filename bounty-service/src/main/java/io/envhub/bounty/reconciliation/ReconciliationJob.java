package io.envhub.bounty.reconciliation;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.AtomicInteger;
import org.jboss.logging.Logger;

/** Reconciles on a schedule, logs the outcome and keeps the gauge {@code envhub_ledger_mismatches} (0 when healthy). */
@ApplicationScoped
public class ReconciliationJob {
    private static final Logger LOG = Logger.getLogger(ReconciliationJob.class);

    private final ReconciliationService service;
    private final AtomicInteger mismatches = new AtomicInteger();

    public ReconciliationJob(ReconciliationService service, MeterRegistry registry) {
        this.service = service;
        Gauge.builder("envhub_ledger_mismatches", mismatches, AtomicInteger::get)
                .description("Problems the last ledger reconciliation found (0 when the books balance)").register(registry);
    }

    @Scheduled(every = "${envhub.bounty.jobs.reconciliation-every}", delayed = "30s",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void tick() {
        try {
            runNow();
        } catch (RuntimeException e) {
            LOG.warnf("ledger reconciliation could not run: %s", e.toString());
        }
    }

    /** Reconciles now, updating the gauge and logging any mismatch. */
    public Reconciliation runNow() {
        Reconciliation r = service.run();
        mismatches.set(r.mismatches());
        if (r.balanced()) {
            LOG.debugf("ledger reconciled: balanced");
        } else {
            r.checks().stream().filter(c -> !c.passed()).forEach(c -> LOG.errorf("ledger reconciliation: %s failed (%d): %s",
                    c.name(), c.mismatches(), String.join("; ", c.problems())));
        }
        return r;
    }
}
