package io.envhub.stacktests;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The test class runs on the run's {@link SharedStack} (or, with {@code ENVHUB_IT_RUNNING_STACK=true}, on the stack
 * already up). Only for classes whose assertions hold whatever other classes did on the same stack before: unique
 * names per run, and no assertion on totals or lists that another class's data could change.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(SharedStack.class)
@interface OnSharedStack {
}
