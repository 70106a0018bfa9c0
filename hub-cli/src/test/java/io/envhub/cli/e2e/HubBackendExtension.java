package io.envhub.cli.e2e;

import io.envhub.testprereq.Prerequisites;

import java.nio.file.Files;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/** Provides one {@link HubBackend} to every test class of the run (skips them when hub-backend is not packaged). */
public final class HubBackendExtension implements BeforeAllCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(HubBackendExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        Prerequisites.require(Files.exists(HubBackend.runner()), "a packaged hub-backend (" + HubBackend.runner()
                + "); run ./mvnw -pl hub-backend -am install -DskipTests");
        backend(context);
    }

    private static HubBackend backend(ExtensionContext context) {
        return context.getRoot().getStore(NS).getOrComputeIfAbsent("backend", k -> HubBackend.start(), HubBackend.class);
    }

    @Override
    public boolean supportsParameter(ParameterContext p, ExtensionContext e) {
        return p.getParameter().getType() == HubBackend.class;
    }

    @Override
    public Object resolveParameter(ParameterContext p, ExtensionContext e) {
        return backend(e);
    }
}
