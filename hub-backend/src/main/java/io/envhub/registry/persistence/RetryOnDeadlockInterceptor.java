package io.envhub.registry.persistence;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionManager;
import org.jboss.logging.Logger;

/**
 * Retries a {@link RetryOnDeadlock} method that begins a transaction ({@link TransactionRetry}). It runs outside
 * {@code @Transactional} (a lower priority than the transaction interceptor's {@code PLATFORM_BEFORE + 200}), so each
 * attempt is a transaction of its own, begun, rolled back and begun again by that interceptor. Each retry is logged and
 * counted: {@code envhub.transaction.retries} (tags {@code method}, {@code sqlstate}).
 */
@RetryOnDeadlock
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_BEFORE + 100)
public class RetryOnDeadlockInterceptor {
    private static final Logger LOG = Logger.getLogger(RetryOnDeadlockInterceptor.class);

    private final TransactionManager transactions;
    private final MeterRegistry registry;
    private final TransactionRetry retry = new TransactionRetry();

    @Inject
    public RetryOnDeadlockInterceptor(TransactionManager transactions, MeterRegistry registry) {
        this.transactions = transactions;
        this.registry = registry;
    }

    @AroundInvoke
    Object retry(InvocationContext context) throws Exception {
        if (transactions.getStatus() != Status.STATUS_NO_TRANSACTION) {
            return context.proceed(); // joins a running transaction: its boundary decides
        }
        String method = context.getMethod().getDeclaringClass().getSimpleName() + "." + context.getMethod().getName();
        return retry.call(context::proceed, (state, attempt, failure) -> {
            LOG.infof("%s: transaction aborted by the database (SQLSTATE %s) in attempt %d of %d; running it again", method,
                    state, attempt, TransactionRetry.ATTEMPTS);
            Counter.builder("envhub.transaction.retries")
                    .description("Write transactions run again after the database aborted them (deadlock, serialization)")
                    .tag("method", method).tag("sqlstate", state).register(registry).increment();
        });
    }
}
