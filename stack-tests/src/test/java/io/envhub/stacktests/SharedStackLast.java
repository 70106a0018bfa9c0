package io.envhub.stacktests;

import java.util.Comparator;
import org.junit.jupiter.api.ClassOrderer;
import org.junit.jupiter.api.ClassOrdererContext;
import org.junit.jupiter.api.ClassDescriptor;

/**
 * Runs the classes with a stack of their own first and the {@link OnSharedStack} ones after them, each group by class
 * name, so that the shared stack starts once per run (a class with its own stack would stop it). Configured in
 * {@code junit-platform.properties}; correctness does not depend on it (see {@link SharedStack}).
 */
public final class SharedStackLast implements ClassOrderer {
    @Override
    public void orderClasses(ClassOrdererContext context) {
        context.getClassDescriptors().sort(Comparator
                .comparing((ClassDescriptor d) -> d.isAnnotated(OnSharedStack.class))
                .thenComparing(d -> d.getTestClass().getName()));
    }
}
