package io.envhub.kit.error;

import io.envhub.contract.ProblemCode;

/**
 * A refusal the API explains to the client. Subclasses say which kind (and so which HTTP status, see
 * {@link ErrorTable}); {@link #code()} is the stable problem type suffix (an entry of the {@link ProblemCode}
 * catalogue), the message is the human detail.
 */
public abstract class ApiException extends RuntimeException {
    private final String code;

    protected ApiException(ProblemCode code, String detail) {
        super(detail);
        this.code = code.code();
    }

    /** Stable, machine-readable reason, e.g. {@code version-exists}; becomes the problem type. */
    public String code() {
        return code;
    }

    /** 404: the thing does not exist, or the caller may not know that it exists. */
    public static final class NotFound extends ApiException {
        public NotFound(String detail) {
            super(ProblemCode.NOT_FOUND, detail);
        }
    }

    /** 409: the request conflicts with what exists (a version or file name already used). */
    public static final class Conflict extends ApiException {
        public Conflict(ProblemCode code, String detail) {
            super(code, detail);
        }
    }

    /** 403: signed in, but not allowed to do this. */
    public static final class Forbidden extends ApiException {
        public Forbidden(String detail) {
            super(ProblemCode.FORBIDDEN, detail);
        }

        public Forbidden(ProblemCode code, String detail) {
            super(code, detail);
        }
    }

    /** 401: this needs a signed-in caller (a Keycloak token or a personal access token). */
    public static final class SignInRequired extends ApiException {
        public SignInRequired(String detail) {
            super(ProblemCode.UNAUTHORIZED, detail);
        }
    }

    /** 400: the request or the uploaded file is not acceptable. */
    public static final class Invalid extends ApiException {
        public Invalid(ProblemCode code, String detail) {
            super(code, detail);
        }
    }

    /** 413: the upload is larger than allowed. */
    public static final class TooLarge extends ApiException {
        public TooLarge(String detail) {
            super(ProblemCode.TOO_LARGE, detail);
        }
    }

    /** 415: the thing exists but cannot be served in the requested form (e.g. a binary file as text). */
    public static final class Unsupported extends ApiException {
        public Unsupported(ProblemCode code, String detail) {
            super(code, detail);
        }
    }

    /** 429: the caller (or their address) made too many requests of this kind; retry after some seconds. */
    public static final class TooManyRequests extends ApiException {
        private final long retryAfterSeconds;

        public TooManyRequests(String detail, long retryAfterSeconds) {
            super(ProblemCode.RATE_LIMITED, detail);
            this.retryAfterSeconds = retryAfterSeconds;
        }

        /** Seconds until a retry may succeed (the Retry-After header). */
        public long retryAfterSeconds() {
            return retryAfterSeconds;
        }
    }

    /** 503: a service this one depends on could not answer; nothing was changed. */
    public static final class Unavailable extends ApiException {
        public Unavailable(ProblemCode code, String detail) {
            super(code, detail);
        }
    }
}
