package io.envhub.web.money;

import io.quarkus.qute.TemplateExtension;
import java.math.BigDecimal;
import java.text.NumberFormat;
import java.util.Currency;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Money on the money pages ({@code {money:amount(p.amountMinor, p.currency)}}): integer minor units shown with every
 * fraction digit of their currency ({@code 150000 USD} -> {@code $1,500.00}, {@code 5000 JPY} -> {@code ¥5,000}), and
 * amounts typed by people read back into minor units. Only {@link BigDecimal} and {@code long}: never floating point.
 */
@TemplateExtension(namespace = "money")
public final class MoneyFormat {
    private static final Pattern AMOUNT = Pattern.compile("\\d{1,3}(,\\d{3})*(\\.\\d+)?|\\d+(\\.\\d+)?");
    /** The largest amount a form accepts, in major units (a typo guard, not a business limit). */
    private static final BigDecimal MAX_MAJOR = new BigDecimal("1000000000");

    private MoneyFormat() {
    }

    /** Minor units as people read them in that currency; an unknown code gets two decimals and the code as suffix. */
    public static String amount(long minor, String currency) {
        Currency cur = currency(currency);
        if (cur == null) {
            return String.format(Locale.ROOT, "%,.2f %s", BigDecimal.valueOf(minor, 2), currency == null ? "" : currency);
        }
        int digits = digits(cur);
        NumberFormat format = NumberFormat.getCurrencyInstance(Locale.US);
        format.setCurrency(cur);
        format.setMinimumFractionDigits(digits);
        format.setMaximumFractionDigits(digits);
        return format.format(BigDecimal.valueOf(minor, digits));
    }

    /**
     * An amount typed in major units ({@code 1,500}, {@code 1500.5}) as minor units of {@code currency}, or null when
     * it is not a positive amount with at most the currency's fraction digits.
     */
    public static Long parse(String typed, String currency) {
        Currency cur = currency(currency);
        if (typed == null || cur == null) {
            return null;
        }
        String clean = typed.strip();
        if (!AMOUNT.matcher(clean).matches()) {
            return null;
        }
        BigDecimal major = new BigDecimal(clean.replace(",", ""));
        if (major.signum() <= 0 || major.compareTo(MAX_MAJOR) > 0 || major.stripTrailingZeros().scale() > digits(cur)) {
            return null;
        }
        return major.movePointRight(digits(cur)).longValueExact();
    }

    /** The currency for a code (any case), or null when the code is unknown. */
    static Currency currency(String code) {
        if (code == null) {
            return null;
        }
        try {
            return Currency.getInstance(code.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static int digits(Currency cur) {
        return Math.max(0, cur.getDefaultFractionDigits());
    }
}
