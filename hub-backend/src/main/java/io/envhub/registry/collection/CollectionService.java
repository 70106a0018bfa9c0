package io.envhub.registry.collection;

import io.envhub.contract.ProblemCode;
import io.envhub.kit.error.ApiException;
import io.envhub.kit.persistence.Row;
import io.envhub.registry.collection.CollectionViews.Collection;
import io.envhub.registry.collection.CollectionViews.CollectionBody;
import io.envhub.registry.collection.CollectionViews.Item;
import io.envhub.registry.collection.CollectionViews.ItemBody;
import io.envhub.registry.environment.EnvironmentLookup;
import io.envhub.registry.model.Environment;
import io.envhub.registry.model.Owner;
import io.envhub.registry.security.AccessPolicy;
import io.envhub.registry.security.Caller;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.Tuple;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.List;

/**
 * Collections: a user's named, ordered lists of environments with a note per item. Public ones are readable by all;
 * a private one is 404 to everyone but its owner (and admins). Items the reader may not see (a private environment of
 * someone else) are left out of what they read.
 */
@ApplicationScoped
public class CollectionService {
    /** Most items in one collection. */
    public static final int MAX_ITEMS = 500;
    private static final String COLUMNS = "c.id, o.name AS owner, c.owner_id, c.title, c.description, c.visibility,"
            + " (SELECT count(*) FROM hub.collection_items i WHERE i.collection_id = c.id) AS items, c.created_at, c.updated_at"
            + " FROM hub.collections c JOIN hub.owners o ON o.id = c.owner_id";

    private final EntityManager em;
    private final AccessPolicy access;
    private final Caller caller;
    private final EnvironmentLookup lookup;

    public CollectionService(EntityManager em, AccessPolicy access, Caller caller, EnvironmentLookup lookup) {
        this.em = em;
        this.access = access;
        this.caller = caller;
        this.lookup = lookup;
    }

    /** Creates a collection of the caller's. */
    @Transactional
    public Collection create(CollectionBody body) {
        Owner me = access.requireScope(Caller.PUBLISH);
        if (body == null || body.title() == null) {
            throw new ApiException.Invalid(ProblemCode.INVALID_TITLE, "A collection needs a title (1 to 100 characters).");
        }
        long id = ((Number) em.createNativeQuery("INSERT INTO hub.collections (owner_id, title, description, visibility)"
                        + " VALUES (?1, ?2, ?3, ?4) RETURNING id").setParameter(1, me.id).setParameter(2, title(body.title()))
                .setParameter(3, description(body.description())).setParameter(4, visibility(body.visibility(), "public"))
                .getSingleResult()).longValue();
        return get(id);
    }

    /** A collection with its items in order; 404 when private and not the caller's. */
    @Transactional
    public Collection get(long id) {
        Row c = readable(id);
        List<Item> items = new ArrayList<>();
        for (Row r : Row.list(em.createNativeQuery("SELECT o.name AS owner, e.name, e.summary, e.visibility, e.owner_id,"
                + " i.note, i.position, i.added_at FROM hub.collection_items i JOIN hub.environments e ON e.id = i.environment_id"
                + " JOIN hub.owners o ON o.id = e.owner_id WHERE i.collection_id = ?1 ORDER BY i.position, i.added_at",
                Tuple.class).setParameter(1, id))) {
            if (Environment.PRIVATE.equals(r.string("visibility")) && !access.canReadPrivateOf(Owner.findById(r.longValue("owner_id")))) {
                continue;
            }
            items.add(new Item(r.string("owner") + "/" + r.string("name"), r.string("summary"), r.string("note"),
                    r.intValue("position"), r.time("added_at")));
        }
        return view(c, items);
    }

    /** A user's collections: public ones, and private ones too for the user (and admins); newest change first. */
    @Transactional
    public List<Collection> of(String username) {
        Owner user = Owner.findByName(username).orElseThrow(() -> new ApiException.NotFound("User '" + username + "' does not exist."));
        boolean all = user.id.equals(caller.ownerId()) || caller.isAdmin();
        List<Collection> out = new ArrayList<>();
        for (Row r : Row.list(em.createNativeQuery("SELECT " + COLUMNS + " WHERE c.owner_id = ?1 AND (?2 OR c.visibility = 'public')"
                + " ORDER BY c.updated_at DESC LIMIT 200", Tuple.class).setParameter(1, user.id).setParameter(2, all))) {
            out.add(view(r, null));
        }
        return out;
    }

    /** Changes title, description or visibility (the owner). */
    @Transactional
    public Collection update(long id, CollectionBody body) {
        Row c = owned(id);
        if (body != null) {
            em.createNativeQuery("UPDATE hub.collections SET title = ?2, description = ?3, visibility = ?4, updated_at = now()"
                            + " WHERE id = ?1").setParameter(1, id)
                    .setParameter(2, body.title() == null ? c.string("title") : title(body.title()))
                    .setParameter(3, body.description() == null ? c.string("description") : description(body.description()))
                    .setParameter(4, visibility(body.visibility(), c.string("visibility"))).executeUpdate();
        }
        return get(id);
    }

    /** Deletes a collection (the owner). */
    @Transactional
    public void delete(long id) {
        owned(id);
        em.createNativeQuery("DELETE FROM hub.collections WHERE id = ?1").setParameter(1, id).executeUpdate();
    }

    /** Adds an environment the caller may read, at the end (or at {@code position}); 409 when it is in already. */
    @Transactional
    public Collection add(long id, ItemBody body) {
        owned(id);
        Environment env = environment(body);
        long count = ((Number) em.createNativeQuery("SELECT count(*) FROM hub.collection_items WHERE collection_id = ?1")
                .setParameter(1, id).getSingleResult()).longValue();
        if (count >= MAX_ITEMS) {
            throw new ApiException.Conflict(ProblemCode.ALREADY_IN_COLLECTION, "A collection holds at most " + MAX_ITEMS + " items.");
        }
        int inserted = em.createNativeQuery("INSERT INTO hub.collection_items (collection_id, environment_id, position, note)"
                        + " VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING").setParameter(1, id).setParameter(2, env.id)
                .setParameter(3, body.position() == null ? (int) count + 1 : body.position()).setParameter(4, note(body.note()))
                .executeUpdate();
        if (inserted == 0) {
            throw new ApiException.Conflict(ProblemCode.ALREADY_IN_COLLECTION, env.owner.name + "/" + env.name
                    + " is in this collection already; change its note instead.");
        }
        touch(id);
        return get(id);
    }

    /** Changes an item's note or position. */
    @Transactional
    public Collection updateItem(long id, String owner, String name, ItemBody body) {
        owned(id);
        Environment env = lookup.readable(owner, name);
        int n = em.createNativeQuery("UPDATE hub.collection_items SET note = CASE WHEN ?3 THEN ?4 ELSE note END,"
                        + " position = coalesce(?5, position) WHERE collection_id = ?1 AND environment_id = ?2")
                .setParameter(1, id).setParameter(2, env.id).setParameter(3, body != null && body.note() != null)
                .setParameter(4, body == null ? null : note(body.note())).setParameter(5, body == null ? null : body.position())
                .executeUpdate();
        if (n == 0) {
            throw new ApiException.NotFound(owner + "/" + name + " is not in collection " + id + ".");
        }
        touch(id);
        return get(id);
    }

    /** Removes an item. */
    @Transactional
    public Collection remove(long id, String owner, String name) {
        owned(id);
        Environment env = lookup.readable(owner, name);
        em.createNativeQuery("DELETE FROM hub.collection_items WHERE collection_id = ?1 AND environment_id = ?2")
                .setParameter(1, id).setParameter(2, env.id).executeUpdate();
        touch(id);
        return get(id);
    }

    private Environment environment(ItemBody body) {
        String target = body == null || body.environment() == null ? "" : body.environment().strip();
        int slash = target.indexOf('/');
        if (slash <= 0 || slash == target.length() - 1 || target.indexOf('/', slash + 1) >= 0) {
            throw new ApiException.Invalid(ProblemCode.INVALID_ENVIRONMENT, "environment is owner/name.");
        }
        return lookup.readable(target.substring(0, slash), target.substring(slash + 1));
    }

    private void touch(long id) {
        em.createNativeQuery("UPDATE hub.collections SET updated_at = now() WHERE id = ?1").setParameter(1, id).executeUpdate();
    }

    private Row readable(long id) {
        Row c = Row.first(em.createNativeQuery("SELECT " + COLUMNS + " WHERE c.id = ?1", Tuple.class).setParameter(1, id))
                .orElseThrow(() -> notFound(id));
        if ("private".equals(c.string("visibility")) && !mine(c) && !caller.isAdmin()) {
            throw notFound(id);
        }
        return c;
    }

    private Row owned(long id) {
        access.requireScope(Caller.PUBLISH);
        Row c = readable(id);
        if (!mine(c)) {
            throw new ApiException.Forbidden("Only its owner changes collection " + id + ".");
        }
        return c;
    }

    private boolean mine(Row c) {
        return !caller.isAnonymous() && c.longValue("owner_id") == caller.ownerId();
    }

    private Collection view(Row c, List<Item> items) {
        return new Collection(c.longValue("id"), c.string("owner"), c.string("title"), c.string("description"),
                c.string("visibility"), c.intValue("items"), c.time("created_at"), c.time("updated_at"), mine(c), items);
    }

    private static String title(String t) {
        String s = t.strip();
        if (s.isEmpty() || s.length() > 100) {
            throw new ApiException.Invalid(ProblemCode.INVALID_TITLE, "A collection's title has 1 to 100 characters.");
        }
        return s;
    }

    private static String description(String d) {
        if (d == null || d.isBlank()) {
            return null;
        }
        if (d.strip().length() > 2000) {
            throw new ApiException.Invalid(ProblemCode.INVALID_DESCRIPTION, "A description has at most 2000 characters.");
        }
        return d.strip();
    }

    private static String note(String n) {
        if (n == null || n.isBlank()) {
            return null;
        }
        if (n.strip().length() > 1000) {
            throw new ApiException.Invalid(ProblemCode.NOTE_TOO_LONG, "A note has at most 1000 characters.");
        }
        return n.strip();
    }

    private static String visibility(String v, String otherwise) {
        if (v == null) {
            return otherwise;
        }
        if (!v.equals("public") && !v.equals("private")) {
            throw new ApiException.Invalid(ProblemCode.INVALID_VISIBILITY, "visibility is public or private.");
        }
        return v;
    }

    private static ApiException notFound(long id) {
        return new ApiException.NotFound("Collection " + id + " does not exist, or is private.");
    }
}
