package io.envhub.stacktests;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One {@link LocalStack} (fresh data directory, fresh database, no demo seeding) for every test class marked
 * {@link OnSharedStack} in a test run, instead of one per class: started by the first such class, stopped once when
 * the run ends (an {@link AutoCloseable} in the root extension context's store). A class that needs the default ports
 * for a stack of its own ({@link LocalStack#up}, {@link StackIT}) stops it first ({@link #release()}), so the order of
 * the classes changes only how often it starts, never which stack a class sees; {@link SharedStackLast} orders the
 * classes so that it starts once.
 *
 * <p>With {@code ENVHUB_IT_RUNNING_STACK=true} nothing is started: the classes use the stack already up on the default
 * ports (Keycloak at {@code ENVHUB_KEYCLOAK_URL}); whoever runs them so holds the stack port lock.
 */
final class SharedStack implements BeforeAllCallback {
    /** Use a stack that is already running instead of starting one. */
    static final boolean RUNNING = "true".equals(System.getenv("ENVHUB_IT_RUNNING_STACK"));
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SharedStack.class);

    private static LocalStack stack;
    private static Throwable failedStart;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        if (!RUNNING) {
            start(context);
        }
    }

    private static synchronized void start(ExtensionContext context) throws Exception {
        if (failedStart != null) {
            throw new AssertionError("the shared stack failed to start for an earlier class", failedStart);
        }
        if (stack != null) {
            return;
        }
        try {
            stack = LocalStack.boot(Duration.ofMinutes(20), Map.of());
        } catch (Exception | AssertionError e) {
            failedStart = e;
            throw e;
        }
        context.getRoot().getStore(NAMESPACE).put("stack", (AutoCloseable) SharedStack::release);
    }

    /** Stops the shared stack if it runs (it is started again, fresh, by the next class that needs it). */
    static synchronized void release() throws Exception {
        if (stack != null) {
            LocalStack running = stack;
            stack = null;
            running.close();
        }
    }
}
