package io.envhub.validator.sandbox;

/** The bubblewrap sandbox keeps every promise of an isolating sandbox. */
class BubblewrapSandboxTest extends IsolatingSandboxContract {
    @Override
    protected Sandbox newSandbox() {
        return new BubblewrapSandbox();
    }
}
