package io.envhub.registry.gate;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;

/**
 * A download of a gated environment's file without access: 403 {@code access-required} for a signed-in caller, 401
 * (same type) for an anonymous one; the detail says how to get access (see {@code GateErrorRows}).
 */
public abstract class GateRefusal extends ApiException {
    protected GateRefusal(String detail) {
        super(ProblemCode.ACCESS_REQUIRED, detail);
    }

    /** Signed in, without access. */
    public static final class NoAccess extends GateRefusal {
        public NoAccess(String detail) {
            super(detail);
        }
    }

    /** Anonymous. */
    public static final class SignIn extends GateRefusal {
        public SignIn(String detail) {
            super(detail);
        }
    }
}
