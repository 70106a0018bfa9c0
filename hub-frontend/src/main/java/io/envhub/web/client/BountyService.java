package io.envhub.web.client;

import jakarta.inject.Qualifier;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks bounty-service's {@link ServiceJson} ({@link ServiceClients#bountyService}), the one the typed clients of
 * bounty-service's APIs inject ({@code BountyClient}, {@code MoneyClient}, {@code BountyAdminClient}).
 */
@Qualifier
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.METHOD, ElementType.TYPE})
public @interface BountyService {
}
