package io.envhub.registry.publish;

import io.envhub.contract.Problem;
import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.Problems;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import io.vertx.core.http.HttpServerResponse;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.util.List;
import java.util.Locale;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * PyPI's legacy upload API, for {@code twine upload --repository-url <hub>/legacy/} and
 * {@code uv publish --publish-url <hub>/legacy/}: HTTP Basic with user {@code __token__} and a personal access token
 * (scope {@code publish}). Answers as those clients read them: 200 on success; a refusal's one-line reason as the HTTP
 * reason phrase (what twine prints) and as a {@code text/plain} body {@code "<status> <reason>"} (what uv prints), or
 * the problem document when the client asks for {@code application/problem+json}; an upload of a version or file name
 * used before is 409 "File already exists" (so {@code twine upload --skip-existing} and uv skip it).
 */
@Path("/legacy")
public class LegacyUploadResource {
    private static final int MAX_REASON = 300;

    private final LegacyUploadService uploads;
    private final Problems problems;
    /** The response being written: JAX-RS drops a custom reason phrase, Vert.x keeps one set before the status. */
    @Context
    HttpServerResponse response;

    public LegacyUploadResource(LegacyUploadService uploads, Problems problems) {
        this.uploads = uploads;
        this.problems = problems;
    }

    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces({MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN, Problem.MEDIA_TYPE})
    @Operation(summary = "Upload a wheel (PyPI legacy upload API)", description = "What twine and uv publish send: "
            + "multipart form with ':action=file_upload', 'protocol_version=1', 'name', 'version', 'filetype=bdist_wheel', "
            + "'sha256_digest' (md5_digest, blake2_256_digest checked when sent) and the wheel in 'content'. Publishes into "
            + "the caller's own namespace. Same checks as POST .../versions; 409 'File already exists' for a used version.")
    public Response upload(@HeaderParam("Content-Type") String contentType, @HeaderParam("Accept") String accept,
                           InputStream body) {
        return answer(null, contentType, accept, body, "/legacy/");
    }

    @POST
    @Path("{owner}")
    @Consumes(MediaType.WILDCARD)
    @Produces({MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN, Problem.MEDIA_TYPE})
    @Operation(summary = "Upload a wheel into an organisation (PyPI legacy upload API)", description = "As POST /legacy/, "
            + "into {owner}'s namespace (an organisation where the caller is owner or maintainer).")
    public Response uploadTo(@PathParam("owner") String owner, @HeaderParam("Content-Type") String contentType,
                             @HeaderParam("Accept") String accept, InputStream body) {
        return answer(owner, contentType, accept, body, "/legacy/" + owner + "/");
    }

    private Response answer(String owner, String contentType, String accept, InputStream body, String path) {
        try {
            PublishService.Published p = uploads.upload(owner, contentType, body);
            return Response.ok(p, MediaType.APPLICATION_JSON).build();
        } catch (RuntimeException e) {
            Response refusal = refusal(problems.problem(e, path), accept);
            response.setStatusMessage(refusal.getStatusInfo().getReasonPhrase());
            return refusal;
        }
    }

    /** The hub's problem answer, reshaped for PyPI clients (same status, type and detail; headers kept). */
    static Response refusal(Response problemResponse, String accept) {
        Problem problem = (Problem) problemResponse.getEntity();
        String reason = reasonOf(problem);
        Response.ResponseBuilder out = Response.status(problem.status(), reason);
        for (String header : List.of("WWW-Authenticate", "Retry-After")) {
            Object value = problemResponse.getHeaders().getFirst(header);
            if (value != null) {
                out.header(header, value);
            }
        }
        out.header("X-EnvHub-Problem", problem.code());
        if (accept != null && accept.toLowerCase(Locale.ROOT).contains(Problem.MEDIA_TYPE)) {
            return out.type(Problem.MEDIA_TYPE).entity(problem).build();
        }
        return out.type(MediaType.TEXT_PLAIN + ";charset=utf-8").entity(problem.status() + " " + reason + "\n").build();
    }

    /** One line, printable ASCII (an HTTP reason phrase), PyPI's words for a file that exists. */
    static String reasonOf(Problem problem) {
        String detail = problem.detail() == null ? problem.title() : problem.detail();
        String code = problem.code();
        if (ProblemCode.VERSION_EXISTS.code().equals(code) || ProblemCode.FILENAME_USED.code().equals(code)) {
            detail = "File already exists: " + detail;
        }
        StringBuilder line = new StringBuilder();
        for (char c : detail.toCharArray()) {
            line.append(c >= 0x20 && c < 0x7f ? c : c == '\n' || c == '\r' || c == '\t' ? ' ' : '?');
        }
        String text = line.toString().strip();
        return text.length() <= MAX_REASON ? text : text.substring(0, MAX_REASON - 3) + "...";
    }
}
