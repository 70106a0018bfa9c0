/**
 * The vocabularies of bounty-service's JSON (bounty, application, submission and payout statuses) as enums: the service
 * writes them, the web frontend and the CLI read them.
 */
package io.envhub.contract.bounty;
