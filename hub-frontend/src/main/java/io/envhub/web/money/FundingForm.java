package io.envhub.web.money;

import io.envhub.web.money.MoneyViews.FundingRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The admin's "record funding" form as typed, with the message for each field to fix ({@code errors} keyed by field,
 * plus {@code form} for the API's refusal).
 */
public record FundingForm(String sponsor, String amount, String currency, String reference, Map<String, String> errors) {
    /** The currencies offered. */
    public static final List<String> CURRENCIES = List.of("USD", "EUR", "GBP", "CHF", "JPY");
    private static final Pattern USERNAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    private static final int MAX_REFERENCE = 200;

    /** An empty form. */
    public static FundingForm blank() {
        return new FundingForm("", "", "USD", "", Map.of());
    }

    /** The form as posted, checked. */
    public static FundingForm posted(String sponsor, String amount, String currency, String reference) {
        String s = sponsor == null ? "" : sponsor.strip();
        String a = amount == null ? "" : amount.strip();
        String c = currency == null ? "" : currency.strip().toUpperCase(java.util.Locale.ROOT);
        String r = reference == null ? "" : reference.strip();
        Map<String, String> errors = new LinkedHashMap<>();
        if (!USERNAME.matcher(s).matches()) {
            errors.put("sponsor", "Name the sponsor by their username.");
        }
        if (!CURRENCIES.contains(c)) {
            errors.put("currency", "Choose one of " + String.join(", ", CURRENCIES) + ".");
        } else if (MoneyFormat.parse(a, c) == null) {
            errors.put("amount", "Enter a positive amount in " + c + ", e.g. 1,500.00.");
        }
        if (r.isEmpty()) {
            errors.put("reference", "Enter the external reference, e.g. the bank transfer id.");
        } else if (r.length() > MAX_REFERENCE) {
            errors.put("reference", "Keep the reference under " + MAX_REFERENCE + " characters.");
        }
        return new FundingForm(s, a, CURRENCIES.contains(c) ? c : "USD", r, Map.copyOf(errors));
    }

    /** Whether every field is usable. */
    public boolean valid() {
        return errors.isEmpty();
    }

    /** The API request of a valid form. */
    public FundingRequest request() {
        return new FundingRequest(sponsor, MoneyFormat.parse(amount, currency), currency, reference);
    }

    /** The same form with the API's refusal. */
    public FundingForm refused(String detail) {
        return new FundingForm(sponsor, amount, currency, reference, Map.of("form", detail));
    }

    /** The message for a field, or null. */
    public String error(String field) {
        return errors.get(field);
    }

    /** The currencies offered (for the select). */
    public List<String> currencies() {
        return CURRENCIES;
    }
}
