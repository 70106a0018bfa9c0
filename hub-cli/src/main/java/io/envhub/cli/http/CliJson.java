package io.envhub.cli.http;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The CLI's Jackson configuration, in one place. It reads the hub's answers into the contract's records
 * ({@code io.envhub.contract.api}): names a record does not know are ignored, so a newer hub that adds a field does not
 * break an older CLI; timestamps keep the offset the hub sent. It writes indented JSON ({@code --json}).
 */
public final class CliJson {
    private CliJson() {
    }

    /**
     * A new mapper with the CLI's configuration.
     *
     * @return the mapper
     */
    public static ObjectMapper mapper() {
        return new ObjectMapper().registerModule(new JavaTimeModule())
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .disable(DeserializationFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .enable(SerializationFeature.INDENT_OUTPUT);
    }
}
