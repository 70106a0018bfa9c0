-- Rate limits and the download de-duplication window, shared by every hub-backend instance (issue 35): before, each
-- instance kept them in its own memory, so N instances behind a load balancer gave a client N times the limits.
--
-- Both tables are UNLOGGED: they are written often, hold nothing that must survive a crash of the database (after
-- one, the limits start again from zero and a client's next download within the window is counted again) and are
-- never read from a replica.

-- One fixed window per limited key (action and user, or action and client address): started at window_start, with
-- count actions in it. A writer upserts its key; the row lock orders concurrent writers from any instance.
CREATE UNLOGGED TABLE hub.rate_limit_windows (
    key          text        PRIMARY KEY,
    window_start timestamptz NOT NULL,
    count        integer     NOT NULL CHECK (count > 0)
);

-- The last counted download of each client (a signed-in user, else an address) and environment. A download is
-- counted only when this row is missing or older than the de-duplication window; instances write their downloads
-- here in their batched flush (hub.download_flushes), never on the request path.
CREATE UNLOGGED TABLE hub.download_clients (
    client         text        NOT NULL,
    environment_id bigint      NOT NULL,
    counted_at     timestamptz NOT NULL,
    PRIMARY KEY (client, environment_id)
);
CREATE INDEX download_clients_counted_at ON hub.download_clients (counted_at);
