package io.envhub.kit.ops;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * {@code ENVHUB_MIGRATE_ONLY=true}: the service starts (Flyway applies its migrations at start, before any bean
 * runs), logs that the schema is current and exits with status 0. The Helm chart's pre-upgrade Job runs the service's
 * own image this way, so a new version's migrations are applied once, before its pods roll out.
 */
@ApplicationScoped
public class MigrateOnly {

    private static final Logger LOG = Logger.getLogger(MigrateOnly.class);

    private final boolean migrateOnly;

    public MigrateOnly(@ConfigProperty(name = "envhub.migrate-only", defaultValue = "false") boolean migrateOnly) {
        this.migrateOnly = migrateOnly;
    }

    void onStart(@Observes StartupEvent event) {
        if (migrateOnly) {
            LOG.info("envhub.migrate-only: the database schema is migrated; exiting");
            Quarkus.asyncExit(0);
        }
    }
}
