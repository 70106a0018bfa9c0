package io.envhub.contract;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The catalogue of problem codes: every {@code type} an EnvHub service answers with in an
 * {@code application/problem+json} document is {@value #TYPE_PREFIX} followed by one of these {@link #code() codes}
 * (plus the {@code http-<status>} family of {@link #http(int)} for the framework's own refusals). Services throw them
 * (service-kit's {@code ApiException} takes a {@code ProblemCode}) and clients branch on them
 * ({@link #find(String)}); the wire string of each entry is its name in lower case with dashes.
 */
public enum ProblemCode {
    // The kit's own rows (service-kit ErrorTable) and the fixed codes of its exception types.
    NOT_FOUND("not-found"),
    FORBIDDEN("forbidden"),
    UNAUTHORIZED("unauthorized"),
    INVALID_REQUEST("invalid-request"),
    TOO_LARGE("too-large"),
    RATE_LIMITED("rate-limited"),
    INTERNAL_ERROR("internal-error"),

    // Codes the services (hub-backend, bounty-service) throw or answer with, alphabetically.
    ACCESS_REQUIRED("access-required"),
    ALREADY_APPLIED("already-applied"),
    ALREADY_HIDDEN("already-hidden"),
    ALREADY_IN_COLLECTION("already-in-collection"),
    ALREADY_MEMBER("already-member"),
    ALREADY_QUARANTINED("already-quarantined"),
    ALREADY_RECORDED("already-recorded"),
    ALREADY_SUBMITTED("already-submitted"),
    ALREADY_SUSPENDED("already-suspended"),
    ALREADY_UNLISTED("already-unlisted"),
    AVG_REWARD_MISMATCH("avg-reward-mismatch"),
    BINARY_FILE("binary-file"),
    BOUNTY_FULLY_AWARDED("bounty-fully-awarded"),
    COMMENT_HIDDEN("comment-hidden"),
    DEADLINE_PASSED("deadline-passed"),
    DISCUSSION_CLOSED("discussion-closed"),
    ENV_MISMATCH("env-mismatch"),
    EVAL_HOST_NOT_ALLOWED("eval-host-not-allowed"),
    EXAMPLE_IDS_MISMATCH("example-ids-mismatch"),
    FIELD_TOO_LONG("field-too-long"),
    FILENAME_USED("filename-used"),
    FILE_MISSING("file-missing"),
    FILE_REPEATED("file-repeated"),
    HASH_MISMATCH("hash-mismatch"),
    HUB_UNAVAILABLE("hub-unavailable"),
    IDENTITY_UNAVAILABLE("identity-unavailable"),
    ILLEGAL_TRANSITION("illegal-transition"),
    INSUFFICIENT_BALANCE("insufficient-balance"),
    INVALID_AMOUNT("invalid-amount"),
    INVALID_BODY("invalid-body"),
    INVALID_CHARACTERS("invalid-characters"),
    INVALID_CHECKLIST("invalid-checklist"),
    INVALID_CLAIMS("invalid-claims"),
    INVALID_CLARIFICATION("invalid-clarification"),
    INVALID_COMMENT("invalid-comment"),
    INVALID_CRITERIA("invalid-criteria"),
    INVALID_CURRENCY("invalid-currency"),
    INVALID_DAYS("invalid-days"),
    INVALID_DEADLINE("invalid-deadline"),
    INVALID_DECISION("invalid-decision"),
    INVALID_DESCRIPTION("invalid-description"),
    INVALID_DISPLAY_NAME("invalid-display-name"),
    INVALID_DOMAIN("invalid-domain"),
    INVALID_ENVIRONMENT("invalid-environment"),
    INVALID_ISSUER("invalid-issuer"),
    INVALID_EVENTS("invalid-events"),
    INVALID_EXPIRY("invalid-expiry"),
    INVALID_FINGERPRINT("invalid-fingerprint"),
    INVALID_FROM("invalid-from"),
    INVALID_GATE("invalid-gate"),
    INVALID_JSON("invalid-json"),
    INVALID_JSONL("invalid-jsonl"),
    INVALID_KIND("invalid-kind"),
    INVALID_LICENSE("invalid-license"),
    INVALID_LIMIT("invalid-limit"),
    INVALID_MAX_AWARDS("invalid-max-awards"),
    INVALID_ORG_NAME("invalid-org-name"),
    INVALID_PAGE("invalid-page"),
    INVALID_PAGE_SIZE("invalid-page-size"),
    INVALID_PROPOSAL("invalid-proposal"),
    INVALID_RANGE("invalid-range"),
    INVALID_REASON("invalid-reason"),
    INVALID_REFERENCE("invalid-reference"),
    INVALID_REPORT("invalid-report"),
    INVALID_REWARD("invalid-reward"),
    INVALID_ROLE("invalid-role"),
    INVALID_SCOPE("invalid-scope"),
    INVALID_SCOPES("invalid-scopes"),
    INVALID_SHA256("invalid-sha256"),
    INVALID_SORT("invalid-sort"),
    INVALID_SPONSOR("invalid-sponsor"),
    INVALID_STATE("invalid-state"),
    INVALID_STATUS("invalid-status"),
    INVALID_SUMMARY("invalid-summary"),
    INVALID_TAG("invalid-tag"),
    INVALID_TARGET("invalid-target"),
    INVALID_TASK("invalid-task"),
    INVALID_TIER("invalid-tier"),
    INVALID_TITLE("invalid-title"),
    INVALID_TO("invalid-to"),
    INVALID_TOKEN_NAME("invalid-token-name"),
    INVALID_UNSUBSCRIBE("invalid-unsubscribe"),
    INVALID_URL("invalid-url"),
    INVALID_VALIDATED("invalid-validated"),
    INVALID_VERSION("invalid-version"),
    INVALID_VISIBILITY("invalid-visibility"),
    INVALID_WORKER("invalid-worker"),
    ISSUER_NOT_TRUSTED("issuer-not-trusted"),
    LAST_OWNER("last-owner"),
    LEASE_LOST("lease-lost"),
    METADATA_INVALID("metadata-invalid"),
    METADATA_INVALID_JSON("metadata-invalid-json"),
    METADATA_MISSING("metadata-missing"),
    METADATA_REPEATED("metadata-repeated"),
    MISSING_REQUIRED_TAGS("missing-required-tags"),
    NAMESPACE_TAKEN("namespace-taken"),
    NAME_MISMATCH("name-mismatch"),
    NAME_TAKEN("name-taken"),
    NO_TRUSTED_PUBLISHER("no-trusted-publisher"),
    NOT_A_PUBLISHER("not-a-publisher"),
    NOT_A_WHEEL("not-a-wheel"),
    NOTE_TOO_LONG("note-too-long"),
    NOT_ACCEPTED("not-accepted"),
    NOT_APPLICATION_ONLY("not-application-only"),
    NOT_GATED("not-gated"),
    NOT_HIDDEN("not-hidden"),
    NOT_MULTIPART("not-multipart"),
    NOT_QUARANTINED("not-quarantined"),
    NOT_SUSPENDED("not-suspended"),
    NOT_UNLISTED("not-unlisted"),
    OIDC_TOKEN_INVALID("oidc-token-invalid"),
    OIDC_TOKEN_REPLAYED("oidc-token-replayed"),
    PAYOUT_ALREADY_CONFIRMED("payout-already-confirmed"),
    PROPOSAL_TOO_LONG("proposal-too-long"),
    QUARANTINED("quarantined"),
    QUERY_TOO_LONG("query-too-long"),
    REASON_REQUIRED("reason-required"),
    REASON_TOO_LONG("reason-too-long"),
    REPORT_CLOSED("report-closed"),
    REPORT_EXISTS("report-exists"),
    RESERVED_NAME("reserved-name"),
    RESULTS_EMPTY("results-empty"),
    RESULTS_GZIP_INVALID("results-gzip-invalid"),
    RESULTS_INVALID_JSON("results-invalid-json"),
    RESULTS_MISSING("results-missing"),
    RESULTS_REPEATED("results-repeated"),
    ROLE_NOT_GRANTABLE("role-not-grantable"),
    ROWS_MISMATCH("rows-mismatch"),
    ROW_INVALID("row-invalid"),
    ROW_TOO_LONG("row-too-long"),
    SELF_DEALING("self-dealing"),
    SESSION_GONE("session-gone"),
    SESSION_NOT_STARTABLE("session-not-startable"),
    SESSION_RUNNER_UNAVAILABLE("session-runner-unavailable"),
    SELF_SUSPENSION("self-suspension"),
    STORAGE_UNAVAILABLE("storage-unavailable"),
    TERMS_NOT_ACCEPTED("terms-not-accepted"),
    TEXT_REQUIRED("text-required"),
    TEXT_TOO_LONG("text-too-long"),
    TOO_MANY_TAGS("too-many-tags"),
    UNSUPPORTED_ACTION("unsupported-action"),
    UPLOAD_INTERRUPTED("upload-interrupted"),
    URI_TOO_LONG("uri-too-long"),
    URL_NOT_ALLOWED("url-not-allowed"),
    VERSION_CHANGED("version-changed"),
    VERSION_EXISTS("version-exists"),
    VERSION_MISMATCH("version-mismatch"),
    VERSION_NOT_FOUND("version-not-found"),
    VERSION_NOT_RUNNABLE("version-not-runnable"),
    VERSION_NOT_RUNTIME_VERIFIED("version-not-runtime-verified"),
    VERSION_NOT_VALIDATED("version-not-validated"),
    VERSION_QUARANTINED("version-quarantined"),
    VERSION_YANKED("version-yanked"),
    WHEEL_METADATA_MISSING("wheel-metadata-missing"),
    WRITE_CONFLICT("write-conflict"),

    // package-format's FormatException codes as hub-backend answers them (dots and underscores become dashes, see
    // ofFormat): a refused wheel.
    ARCHIVE_BAD_NAME("archive-bad-name"),
    ARCHIVE_CORRUPT("archive-corrupt"),
    ARCHIVE_DUPLICATE("archive-duplicate"),
    ARCHIVE_ENCRYPTED("archive-encrypted"),
    ARCHIVE_HEADER_MISMATCH("archive-header-mismatch"),
    ARCHIVE_IO("archive-io"),
    ARCHIVE_MALFORMED("archive-malformed"),
    ARCHIVE_METHOD("archive-method"),
    ARCHIVE_OVERLAP("archive-overlap"),
    ARCHIVE_PATH_TRAVERSAL("archive-path-traversal"),
    ARCHIVE_RATIO("archive-ratio"),
    ARCHIVE_SPECIAL_FILE("archive-special-file"),
    ARCHIVE_SYMLINK("archive-symlink"),
    ARCHIVE_TOO_LARGE("archive-too-large"),
    ARCHIVE_TOO_MANY_ENTRIES("archive-too-many-entries"),
    ARCHIVE_UNSUPPORTED("archive-unsupported"),
    METADATA_INVALID_FIELD("metadata-invalid-field"),
    METADATA_IO("metadata-io"),
    METADATA_MALFORMED("metadata-malformed"),
    METADATA_MISSING_FIELD("metadata-missing-field"),
    NAME_INVALID("name-invalid"),
    PYPROJECT_INVALID_FIELD("pyproject-invalid-field"),
    PYPROJECT_INVALID_NAME("pyproject-invalid-name"),
    PYPROJECT_INVALID_VERSION("pyproject-invalid-version"),
    PYPROJECT_IO("pyproject-io"),
    PYPROJECT_MALFORMED("pyproject-malformed"),
    PYPROJECT_MISSING_FIELD("pyproject-missing-field"),
    RECORD_DUPLICATE("record-duplicate"),
    RECORD_HASH_MISMATCH("record-hash-mismatch"),
    RECORD_MALFORMED("record-malformed"),
    RECORD_MISSING_HASH("record-missing-hash"),
    RECORD_MISSING_MEMBER("record-missing-member"),
    RECORD_SIZE_MISMATCH("record-size-mismatch"),
    RECORD_UNLISTED_MEMBER("record-unlisted-member"),
    RECORD_WEAK_HASH("record-weak-hash"),
    VERSION_INVALID("version-invalid"),
    WHEEL_BAD_WHEEL_FILE("wheel-bad-wheel-file"),
    WHEEL_DIST_INFO_MISMATCH("wheel-dist-info-mismatch"),
    WHEEL_DIST_INFO_MISSING("wheel-dist-info-missing"),
    WHEEL_DIST_INFO_MULTIPLE("wheel-dist-info-multiple"),
    WHEEL_FILENAME("wheel-filename"),
    WHEEL_MISSING_FILE("wheel-missing-file"),
    WHEEL_UNSUPPORTED_VERSION("wheel-unsupported-version");

    /** Prefix of every problem type EnvHub defines; the code follows it. */
    public static final String TYPE_PREFIX = "https://envhub.dev/problems/";

    /** Prefix of the codes of HTTP errors the framework raises itself (e.g. {@code http-405}); see {@link #http(int)}. */
    public static final String HTTP_PREFIX = "http-";

    private static final Map<String, ProblemCode> BY_CODE = Stream.of(values())
            .collect(Collectors.toUnmodifiableMap(ProblemCode::code, Function.identity()));

    private final String code;

    ProblemCode(String code) {
        this.code = code;
    }

    /** The wire string, e.g. {@code version-exists}. */
    public String code() {
        return code;
    }

    /** The full problem type, e.g. {@code https://envhub.dev/problems/version-exists}. */
    public String type() {
        return TYPE_PREFIX + code;
    }

    /** The entry for a wire code (or a full problem type); empty for a code this catalogue does not know. */
    public static Optional<ProblemCode> find(String code) {
        if (code == null) {
            return Optional.empty();
        }
        String c = code.startsWith(TYPE_PREFIX) ? code.substring(TYPE_PREFIX.length()) : code;
        return Optional.ofNullable(BY_CODE.get(c));
    }

    /** The wire code of an HTTP error the framework raised with this status (not an entry: any status may occur). */
    public static String http(int status) {
        return HTTP_PREFIX + status;
    }

    /**
     * The wire code hub-backend answers for a package-format {@code FormatException} code (dotted, lower case with
     * underscores, e.g. {@code wheel.missing_file} becomes {@code wheel-missing-file}); an entry of this catalogue for
     * every code package-format defines.
     */
    public static String formatCode(String dottedCode) {
        return dottedCode.toLowerCase(Locale.ROOT).replace('.', '-').replace('_', '-');
    }
}
