package io.envhub.bounty.json;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;

/**
 * Money arrives as integer minor units: a fractional number for an integer field ({@code "rewardMinor": 12.5}) is
 * refused with a 400 instead of being cut to 12 by Jackson's default.
 */
@Singleton
public class StrictAmounts implements ObjectMapperCustomizer {
    @Override
    public void customize(ObjectMapper mapper) {
        mapper.disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
    }
}
