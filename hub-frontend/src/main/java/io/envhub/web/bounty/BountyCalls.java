package io.envhub.web.bounty;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** Waiting for asynchronous bounty-service calls. */
final class BountyCalls {
    private BountyCalls() {
    }

    /** The result of a call, its failure rethrown as the client threw it (so the error pages map it as usual). */
    static <T> T await(CompletableFuture<T> call) {
        try {
            return call.join();
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException cause ? cause : e;
        }
    }
}
