import Foundation
import Testing

@testable import CKServer

@Suite("Request IDs")
struct RequestIDTests {
    @Test("a request ID is a random version 4 UUID, a new one each time")
    func randomVersion4() {
        let ids = (0..<1000).map { _ in RequestID.make() }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(UUID(uuidString: id)?.uuidString == id)
            let characters = Array(id)
            #expect(characters[14] == "4", "the version of \(id)")
            #expect("89AB".contains(characters[19]), "the variant of \(id)")
        }
    }
}
