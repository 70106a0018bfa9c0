/**
 * The JSON shapes of hub-backend's environment and version endpoints, as plain records: the backend returns them, the
 * CLI and the web frontend read them. Any {@code ObjectMapper} with the Java-time module binds them as they are (the
 * timestamps are {@link java.time.OffsetDateTime}); every record ignores names it does not know, so a newer hub can add
 * a field without breaking an older client. The verdict ({@link io.envhub.contract.api.Verdict}) is embedded with
 * {@code @JsonUnwrapped}: its fields sit at the top level of the object that carries it.
 */
package io.envhub.contract.api;
