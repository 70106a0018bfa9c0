package io.envhub.kit.error;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.envhub.contract.ProblemCode;

/** An RFC 9457 problem document: a stable {@code type}, a human {@code title} and {@code detail}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(String type, String title, int status, String detail, String instance) {
    /** The media type of problem documents. */
    public static final String MEDIA_TYPE = "application/problem+json";
    /** Prefix of every problem type this API defines. */
    public static final String TYPE_PREFIX = ProblemCode.TYPE_PREFIX;
}
