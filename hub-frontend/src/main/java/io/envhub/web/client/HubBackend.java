package io.envhub.web.client;

import jakarta.inject.Qualifier;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks hub-backend's {@link ServiceJson} ({@link ServiceClients#hubBackend}), the one the typed clients of
 * hub-backend's APIs inject.
 */
@Qualifier
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD, ElementType.PARAMETER, ElementType.METHOD, ElementType.TYPE})
public @interface HubBackend {
}
