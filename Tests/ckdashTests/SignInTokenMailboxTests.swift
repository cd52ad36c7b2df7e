import Testing

@testable import ckdash

/// The mailbox between ckdash's sign-in callback and the sign-in screen: a token reaches the one waiter, or is
/// dropped when nobody waits; a cancelled or closed wait ends with no token.
@Suite("The sign-in callback's mailbox hands a token to its one waiter only", .timeLimit(.minutes(1)))
struct SignInTokenMailboxTests {
    /// Delivers `token` as soon as someone waits for it, trying again until then.
    private func deliverOnceAwaited(_ token: String, to mailbox: SignInTokenMailbox) async throws {
        for _ in 0..<5000 {
            if mailbox.deliver(token) { return }
            try await Task.sleep(for: .milliseconds(2))
        }
        Issue.record("nobody came to wait")
    }

    @Test("a token nobody waits for is dropped; the next waiter gets the next token, not the dropped one")
    func dropsUnaskedTokens() async throws {
        let mailbox = SignInTokenMailbox()
        #expect(!mailbox.deliver("unasked"))
        let waiter = Task { await mailbox.next() }
        try await deliverOnceAwaited("asked", to: mailbox)
        #expect(await waiter.value == "asked")
    }

    @Test("a cancelled wait ends with no token, and a token then is dropped")
    func cancelledWait() async throws {
        let mailbox = SignInTokenMailbox()
        let waiter = Task { await mailbox.next() }
        try await Task.sleep(for: .milliseconds(20))
        waiter.cancel()
        #expect(await waiter.value == nil)
        #expect(!mailbox.deliver("late"))
    }

    @Test("closing ends the wait under way and every later one at once")
    func closed() async throws {
        let mailbox = SignInTokenMailbox()
        let waiter = Task { await mailbox.next() }
        try await Task.sleep(for: .milliseconds(20))
        mailbox.close()
        #expect(await waiter.value == nil)
        #expect(await mailbox.next() == nil)
        #expect(!mailbox.deliver("after closing"))
    }
}
