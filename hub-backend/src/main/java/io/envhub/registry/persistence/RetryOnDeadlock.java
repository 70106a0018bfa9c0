package io.envhub.registry.persistence;

import jakarta.interceptor.InterceptorBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Put next to {@code @Transactional} on a write transaction that changes environments or versions: when PostgreSQL
 * aborts it to break a deadlock (SQLSTATE 40P01) or a serialization conflict (40001), the whole transaction runs again
 * ({@link TransactionRetry}, {@link RetryOnDeadlockInterceptor}). The method must be safe to run again: whatever it does
 * outside the database either happens after the commit (transaction synchronizations, {@code AFTER_SUCCESS}
 * observers) or can be repeated (a content-addressed store write). Called inside a transaction that is already
 * running, it changes nothing: the retry belongs to the boundary that began the transaction.
 */
@InterceptorBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface RetryOnDeadlock {
}
