package io.envhub.registry.environment;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * JSON shapes of the environment endpoints that only hub-backend reads and writes; the page data is the contract's
 * {@link io.envhub.contract.api.EnvironmentDetail}.
 */
public final class EnvironmentViews {
    private EnvironmentViews() {
    }

    /**
     * A settings change; absent (null) fields stay as they are. {@code gated} is {@code "auto"}, {@code "manual"} or
     * JSON {@code null}/{@code false} (not gated); absent leaves it.
     */
    public record SettingsPatch(String summary, String visibility, List<String> tags, JsonNode gated, String gateTerms) {
    }

    /**
     * The gate part of a settings change, fired (synchronously, in the change's transaction) for the gate feature to
     * check and apply.
     *
     * @param environmentId the environment
     * @param gated the requested mode as sent (null: unchanged)
     * @param terms the requested terms (null: unchanged)
     */
    public record GateChange(long environmentId, JsonNode gated, String terms) {
    }
}
