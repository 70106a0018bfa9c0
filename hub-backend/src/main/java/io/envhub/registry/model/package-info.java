/**
 * The kernel every feature shares: the entities ({@code Owner}, {@code Environment}, {@code EnvironmentVersion},
 * {@code Artifact}) and the verdict a user reads about a version ({@code TrustVerdict} computes the contract's
 * {@code Verdict}, {@code VersionVerdicts} stores it). It imports no feature package (checked by
 * {@code PackageDirectionTest}); the features import it and point one way among themselves.
 */
package io.envhub.registry.model;
