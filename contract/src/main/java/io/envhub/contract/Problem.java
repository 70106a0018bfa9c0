package io.envhub.contract;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Optional;

/**
 * An RFC 9457 problem document ({@value #MEDIA_TYPE}), as every EnvHub service answers a refusal and every client
 * reads it: a stable {@code type} ({@value ProblemCode#TYPE_PREFIX} and a {@link ProblemCode} code), a human
 * {@code title} and {@code detail}, the HTTP {@code status} and the request path ({@code instance}). The services send
 * no extension members (a 429 and a 503 carry {@code Retry-After} as a header, not in the document).
 *
 * <p>Members that are null are left out of the JSON; a reader ignores members it does not know and reads a missing one
 * as null (0 for {@code status}).
 *
 * @param type the problem type, e.g. {@code https://envhub.dev/problems/version-exists}
 * @param title short and the same for every occurrence of the type
 * @param status the HTTP status
 * @param detail this occurrence, for people
 * @param instance the request path, or null
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record Problem(String type, String title, int status, String detail, String instance) {
    /** The media type of problem documents. */
    public static final String MEDIA_TYPE = "application/problem+json";
    /** Prefix of every problem type EnvHub defines. */
    public static final String TYPE_PREFIX = ProblemCode.TYPE_PREFIX;

    /**
     * The problem code: the last path segment of {@link #type()}, e.g. {@code version-exists}.
     *
     * @return the code; empty when the document has no type
     */
    public String code() {
        return type == null ? "" : type.substring(type.lastIndexOf('/') + 1);
    }

    /** The catalogue entry of {@link #code()}; empty for a code the catalogue does not know (or none). */
    public Optional<ProblemCode> known() {
        return ProblemCode.find(code());
    }
}
