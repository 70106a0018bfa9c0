package io.envhub.kit.error;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.JsonMappingException;
import java.util.stream.Collectors;

/**
 * What a client is told about a JSON body that could not be read (a syntax error, a field of the wrong type or value,
 * nesting deeper than the parser allows): the field's path, never a Java class. Each service answers it as a 400
 * {@code invalid-json} problem from its own {@code @ServerExceptionMapper}s, which take precedence over the JSON
 * reader's built-in plain-JSON 400.
 */
public final class JsonErrors {
    private JsonErrors() {
    }

    /** The client-facing explanation of the JSON error in this exception's cause chain. */
    public static String detail(Throwable error) {
        if (error instanceof ApiException api) {
            return api.getMessage();
        }
        Throwable e = error;
        for (int depth = 0; e != null && !(e instanceof JsonProcessingException) && depth < 10; depth++) {
            e = e.getCause();
        }
        if (e instanceof StreamConstraintsException) {
            return "The JSON body is nested too deeply or too large.";
        }
        if (e instanceof JsonMappingException m && !m.getPath().isEmpty()) {
            String field = m.getPath().stream()
                    .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                    .collect(Collectors.joining("."));
            return "The JSON field '" + field + "' has the wrong type or value.";
        }
        return "The body is not valid JSON of the expected shape.";
    }
}
