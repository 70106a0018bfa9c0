package io.envhub.bounty.ledger;

/** The names of ledger accounts (each exists once per currency). */
public final class Accounts {
    /** Money received from outside (its balance is minus everything ever funded). */
    public static final String EXTERNAL_FUNDING = "external:funding";
    /** Money sent out to contributors (plus everything ever paid out). */
    public static final String EXTERNAL_PAYOUTS = "external:payouts";
    /** The platform's fees. */
    public static final String PLATFORM_FEES = "platform:fees";

    private Accounts() {
    }

    /** Money the platform holds for a sponsor (Keycloak subject), not yet reserved for a bounty. */
    public static String sponsor(String subject) {
        return "sponsor:" + subject;
    }

    /** Money reserved for a bounty's awards. */
    public static String escrow(long bountyId) {
        return "escrow:bounty:" + bountyId;
    }

    /** Money owed to a contributor for approved submissions, not yet confirmed as paid. */
    public static String payable(String subject) {
        return "payable:user:" + subject;
    }

    /** What passed to a contributor on confirmed payouts (payable to external:payouts goes through it). */
    public static String paid(String subject) {
        return "paid:user:" + subject;
    }

    /** Whether the account may never go below zero (the database checks it at commit). */
    static boolean noOverdraft(String name) {
        return name.startsWith("sponsor:") || name.startsWith("escrow:") || name.startsWith("payable:");
    }
}
