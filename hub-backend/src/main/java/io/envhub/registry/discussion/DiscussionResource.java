package io.envhub.registry.discussion;

import io.envhub.registry.discussion.DiscussionViews.Comment;
import io.envhub.registry.discussion.DiscussionViews.CommentBody;
import io.envhub.registry.discussion.DiscussionViews.Discussion;
import io.envhub.registry.discussion.DiscussionViews.Edit;
import io.envhub.registry.discussion.DiscussionViews.HideBody;
import io.envhub.registry.discussion.DiscussionViews.Thread;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** {@code /api/v1/discussions/{id}}: one thread, its comments, edits and moderation. */
@Path("/api/v1/discussions/{id}")
@Produces(MediaType.APPLICATION_JSON)
public class DiscussionResource {
    private final DiscussionService discussions;

    public DiscussionResource(DiscussionService discussions) {
        this.discussions = discussions;
    }

    @GET
    @Operation(summary = "A thread", description = "The discussion and its comments, oldest first; Markdown as written "
            + "(render it through a sanitizer); hidden comments have no body.")
    public Thread thread(@PathParam("id") long id) {
        return discussions.thread(id);
    }

    @POST
    @Path("/comments")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Comment", description = "{\"body\"}: 201; 409 discussion-closed when closed; rate limited.")
    public Response comment(@PathParam("id") long id, CommentBody body) {
        return Response.status(Response.Status.CREATED).entity(discussions.comment(id, body == null ? null : body.body())).build();
    }

    @PATCH
    @Path("/comments/{commentId}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Edit your comment", description = "{\"body\"}; the earlier text is kept in its history.")
    public Comment edit(@PathParam("id") long id, @PathParam("commentId") long commentId, CommentBody body) {
        return discussions.edit(id, commentId, body == null ? null : body.body());
    }

    @GET
    @Path("/comments/{commentId}/history")
    @Operation(summary = "A comment's earlier texts", description = "Oldest first.")
    public List<Edit> history(@PathParam("id") long id, @PathParam("commentId") long commentId) {
        return discussions.history(id, commentId);
    }

    @POST
    @Path("/comments/{commentId}/hide")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Hide a comment (admins)", description = "{\"reason\"}; audited; its open reports close as actioned.")
    public Comment hide(@PathParam("id") long id, @PathParam("commentId") long commentId, HideBody body) {
        return discussions.hide(id, commentId, body == null ? null : body.reason());
    }

    @POST
    @Path("/close")
    public Discussion close(@PathParam("id") long id) {
        return discussions.setOpen(id, false);
    }

    @POST
    @Path("/reopen")
    public Discussion reopen(@PathParam("id") long id) {
        return discussions.setOpen(id, true);
    }

    @POST
    @Path("/pin")
    public Discussion pin(@PathParam("id") long id) {
        return discussions.setPinned(id, true);
    }

    @POST
    @Path("/unpin")
    public Discussion unpin(@PathParam("id") long id) {
        return discussions.setPinned(id, false);
    }
}
