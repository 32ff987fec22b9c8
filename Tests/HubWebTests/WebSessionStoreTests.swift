import Foundation
@testable import HubWeb
import Testing

/// Sessions expire on the injected clock and the store stays bounded.
@Suite("Web sessions")
struct WebSessionStoreTests {
    @Test("a session lives until its expiry, visitors 30 minutes, signed-in sessions 12 hours")
    func expiry() {
        let clock = SignInThrottleTests.TestClock()
        let store = WebSessionStore(now: { clock.now })
        let visitor = store.create(signedIn: false)
        let signedIn = store.create(signedIn: true)
        #expect(visitor.id != signedIn.id && visitor.csrfToken != signedIn.csrfToken)
        #expect(visitor.id.count == 64 && visitor.csrfToken.count == 32)
        clock.advance(29 * 60)
        #expect(store.session(id: visitor.id) != nil)
        clock.advance(2 * 60)
        #expect(store.session(id: visitor.id) == nil)
        #expect(store.session(id: signedIn.id) != nil)
        clock.advance(12 * 3600)
        #expect(store.session(id: signedIn.id) == nil)
    }

    @Test("a full store drops visitors before signed-in sessions")
    func bounded() {
        let clock = SignInThrottleTests.TestClock()
        let store = WebSessionStore(capacity: 3, now: { clock.now })
        let kept = store.create(signedIn: true)
        let firstVisitor = store.create(signedIn: false)
        for _ in 0..<5 {
            clock.advance(1)
            _ = store.create(signedIn: false)
        }
        #expect(store.session(id: kept.id) != nil)
        #expect(store.session(id: firstVisitor.id) == nil)
    }

    @Test("sign-out ends one session; a password change ends every other one")
    func removal() {
        let clock = SignInThrottleTests.TestClock()
        let store = WebSessionStore(now: { clock.now })
        let (a, b, c) = (store.create(signedIn: true), store.create(signedIn: true), store.create(signedIn: true))
        store.remove(id: a.id)
        #expect(store.session(id: a.id) == nil && store.session(id: b.id) != nil)
        store.removeAll(except: c.id)
        #expect(store.session(id: b.id) == nil && store.session(id: c.id) != nil)
    }
}
