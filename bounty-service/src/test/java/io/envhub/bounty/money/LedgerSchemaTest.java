package io.envhub.bounty.money;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.envhub.bounty.HubBackendTestResource;
import io.envhub.testsupport.KeycloakTestResource;
import io.envhub.testsupport.PostgresTestResource;
import io.quarkus.test.common.TestResourceScope;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The database itself (raw SQL, no service code) refuses unbalanced transactions, transactions of one entry, overdrafts
 * of sponsor/escrow/payable accounts, entries in a currency other than their account's, and any change to posted rows.
 */
@QuarkusTest
@WithTestResource(value = PostgresTestResource.class, scope = TestResourceScope.GLOBAL)
@WithTestResource(value = KeycloakTestResource.class, scope = TestResourceScope.GLOBAL, parallel = true)
@WithTestResource(value = HubBackendTestResource.class, scope = TestResourceScope.GLOBAL)
class LedgerSchemaTest {
    @Inject
    DataSource ds;

    @Test
    void aBalancedTransactionCommitsAndAnUnbalancedOneIsRefusedAtCommit() throws SQLException {
        String sponsor = "sponsor:schema-" + UUID.randomUUID();
        try (Connection c = tx()) {
            long tx = posting(c, "fund");
            entry(c, tx, account(c, "external:funding", "USD", false), "USD", -500);
            entry(c, tx, account(c, sponsor, "USD", true), "USD", 500);
            c.commit();
        }
        try (Connection c = tx()) {
            long tx = posting(c, "correction");
            entry(c, tx, account(c, "external:funding", "USD", false), "USD", -1);
            entry(c, tx, account(c, sponsor, "USD", true), "USD", 2);
            SQLException e = assertThrows(SQLException.class, c::commit);
            assertTrue(e.getMessage().contains("does not balance"), e.getMessage());
        }
        try (Connection c = tx()) {
            long tx = posting(c, "correction");
            entry(c, tx, account(c, sponsor, "USD", true), "USD", 0 + 7);
            SQLException e = assertThrows(SQLException.class, c::commit);
            assertTrue(e.getMessage().contains("needs at least 2"), e.getMessage());
        }
        try (Connection c = tx()) {
            posting(c, "correction");
            SQLException e = assertThrows(SQLException.class, c::commit);
            assertTrue(e.getMessage().contains("has 0 entries"), e.getMessage());
        }
        assertEquals(500, balance(sponsor));
    }

    @Test
    void balancingAcrossCurrenciesDoesNotCount() throws SQLException {
        try (Connection c = tx()) {
            long tx = posting(c, "correction");
            entry(c, tx, account(c, "external:funding", "USD", false), "USD", -100);
            entry(c, tx, account(c, "external:funding", "EUR", false), "EUR", 100);
            SQLException e = assertThrows(SQLException.class, c::commit);
            assertTrue(e.getMessage().contains("does not balance"), e.getMessage());
        }
        try (Connection c = tx()) {
            long tx = posting(c, "correction");
            long usd = account(c, "external:funding", "USD", false);
            assertThrows(SQLException.class, () -> entry(c, tx, usd, "EUR", 100), "an entry is in its account's currency");
            c.rollback();
        }
    }

    @Test
    void sponsorEscrowAndPayableAccountsCannotBeOverdrawn() throws SQLException {
        String sponsor = "sponsor:schema-" + UUID.randomUUID();
        try (Connection c = tx()) {
            long tx = posting(c, "escrow");
            entry(c, tx, account(c, sponsor, "USD", true), "USD", -10);
            entry(c, tx, account(c, "escrow:bounty:schema-" + UUID.randomUUID(), "USD", true), "USD", 10);
            SQLException e = assertThrows(SQLException.class, c::commit);
            assertTrue(e.getMessage().contains("overdraws account " + sponsor), e.getMessage());
        }
    }

    @Test
    void postedRowsAreImmutable() throws SQLException {
        String sponsor = "sponsor:schema-" + UUID.randomUUID();
        long tx;
        try (Connection c = tx()) {
            tx = posting(c, "fund");
            entry(c, tx, account(c, "external:funding", "USD", false), "USD", -300);
            entry(c, tx, account(c, sponsor, "USD", true), "USD", 300);
            c.commit();
        }
        for (String sql : new String[] {
            "UPDATE bounty.ledger_entries SET amount_minor = amount_minor * 2 WHERE transaction_id = " + tx,
            "DELETE FROM bounty.ledger_entries WHERE transaction_id = " + tx,
            "UPDATE bounty.ledger_transactions SET reference = 'rewritten' WHERE id = " + tx,
            "DELETE FROM bounty.ledger_transactions WHERE id = " + tx,
            "TRUNCATE bounty.ledger_entries CASCADE",
            "TRUNCATE bounty.ledger_transactions CASCADE"}) {
            try (Connection c = tx(); Statement st = c.createStatement()) {
                SQLException e = assertThrows(SQLException.class, () -> st.execute(sql), sql);
                assertTrue(e.getMessage().contains("immutable"), e.getMessage());
                c.rollback();
            }
        }
        assertEquals(300, balance(sponsor));
    }

    private Connection tx() throws SQLException {
        Connection c = ds.getConnection();
        c.setAutoCommit(false);
        return c;
    }

    private static long posting(Connection c, String kind) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("INSERT INTO bounty.ledger_transactions "
                + "(kind, actor, reference) VALUES ('" + kind + "', 'schema-test', 'raw sql') RETURNING id")) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static long account(Connection c, String name, String currency, boolean noOverdraft) throws SQLException {
        try (var ps = c.prepareStatement("INSERT INTO bounty.ledger_accounts (name, currency, no_overdraft) VALUES (?, ?, ?) "
                + "ON CONFLICT (name, currency) DO UPDATE SET name = EXCLUDED.name RETURNING id")) {
            ps.setString(1, name);
            ps.setString(2, currency);
            ps.setBoolean(3, noOverdraft);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    private static void entry(Connection c, long tx, long account, String currency, long amount) throws SQLException {
        try (var ps = c.prepareStatement("INSERT INTO bounty.ledger_entries (transaction_id, account_id, currency, amount_minor) "
                + "VALUES (?, ?, ?, ?)")) {
            ps.setLong(1, tx);
            ps.setLong(2, account);
            ps.setString(3, currency);
            ps.setLong(4, amount);
            ps.executeUpdate();
        }
    }

    private long balance(String account) throws SQLException {
        try (Connection c = ds.getConnection(); var ps = c.prepareStatement("SELECT COALESCE(sum(e.amount_minor), 0) FROM "
                + "bounty.ledger_entries e JOIN bounty.ledger_accounts a ON a.id = e.account_id WHERE a.name = ?")) {
            ps.setString(1, account);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }
}
